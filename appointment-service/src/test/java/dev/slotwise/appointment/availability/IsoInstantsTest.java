package dev.slotwise.appointment.availability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The availability answer's timestamps are exactly what {@link Instant#toString()} writes, of the length counted. */
class IsoInstantsTest {

    private static final long FIRST = Instant.parse("0000-01-01T00:00:00Z").toEpochMilli();
    private static final long LAST = Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli();

    @Test
    void writesWhatInstantWritesAcrossTheYearsTheApiAccepts() {
        Random random = new Random(20261127L);
        for (int i = 0; i < 200_000; i++) {
            long millis = FIRST + Math.floorMod(random.nextLong(), LAST - FIRST + 1);
            // whole minutes (the grid's starts) as often as any other instant
            assertWritten(i % 2 == 0 ? millis - Math.floorMod(millis, 60_000L) : millis);
        }
    }

    @Test
    void writesTheEdgesOfDaysMonthsLeapYearsAndCenturies() {
        for (String text : new String[] {"0000-01-01T00:00:00Z", "0000-02-29T12:00:00Z", "0001-01-01T00:00:00Z",
                "1582-10-15T00:00:00Z", "1899-12-31T23:59:59.999Z", "1900-02-28T23:59:59Z", "1900-03-01T00:00:00Z",
                "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.001Z",
                "2000-02-29T00:00:00Z", "2024-02-29T23:59:00Z", "2026-03-29T01:00:00Z", "2100-03-01T00:00:00Z",
                "9999-12-31T23:59:59.999Z"}) {
            assertWritten(Instant.parse(text).toEpochMilli());
        }
    }

    @Test
    void writesInstantsBeyondTheYearsTheApiAcceptsAsInstantDoes() {
        assertWritten(Instant.parse("+10000-01-01T00:00:00.001Z").toEpochMilli());
        assertWritten(Instant.parse("-0001-12-31T23:59:59Z").toEpochMilli());
    }

    private static void assertWritten(long millis) {
        byte[] out = new byte[48];
        int end = IsoInstants.write(millis, out, 3);
        assertThat(new String(out, 3, end - 3, StandardCharsets.US_ASCII))
                .isEqualTo(Instant.ofEpochMilli(millis).toString());
        assertThat(IsoInstants.length(millis)).isEqualTo(end - 3);
        if (millis >= FIRST && millis <= LAST) {
            assertThat(end - 3).isLessThanOrEqualTo(IsoInstants.MOST_BYTES);
        }
    }
}

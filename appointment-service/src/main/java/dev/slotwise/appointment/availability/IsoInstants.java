package dev.slotwise.appointment.availability;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * Writes an instant of epoch milliseconds as {@link Instant#toString()} does ({@code 2026-11-28T08:00:00Z}, with
 * {@code .SSS} when the milliseconds are not zero), as ASCII straight into a byte array: a month's search writes tens
 * of thousands of timestamps, and formatting each through {@code java.time} made objects for every one. Years 0 to
 * 9999 (every instant the API accepts) are written here; any other falls back to {@link Instant#toString()}.
 */
final class IsoInstants {

    /** The most bytes one instant takes here: {@code yyyy-MM-ddTHH:mm:ss.SSSZ}. */
    static final int MOST_BYTES = 24;
    private static final long DAY = 86_400_000L;
    /** Days from 0000-03-01 to 1970-01-01, for the civil-from-days arithmetic below. */
    private static final long DAYS_0000_TO_1970 = 719_468L;
    private static final long FIRST = Instant.parse("0000-01-01T00:00:00Z").toEpochMilli();
    private static final long AFTER_LAST = Instant.parse("+10000-01-01T00:00:00Z").toEpochMilli();

    private IsoInstants() {
    }

    /** How many bytes {@link #write} writes for {@code millis}. */
    static int length(long millis) {
        if (millis < FIRST || millis >= AFTER_LAST) {
            return Instant.ofEpochMilli(millis).toString().length();
        }
        return Math.floorMod(millis, 1_000L) == 0 ? MOST_BYTES - 4 : MOST_BYTES;
    }

    /** Writes {@code millis} at {@code at} in {@code out} (which must have room for the text) and returns its end. */
    static int write(long millis, byte[] out, int at) {
        if (millis < FIRST || millis >= AFTER_LAST) {
            byte[] text = Instant.ofEpochMilli(millis).toString().getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(text, 0, out, at, text.length);
            return at + text.length;
        }
        long days = Math.floorDiv(millis, DAY);
        int ofDay = (int) Math.floorMod(millis, DAY);
        // Howard Hinnant's days_from_civil inverted: eras of 400 years from 0000-03-01
        long z = days + DAYS_0000_TO_1970;
        long era = Math.floorDiv(z, 146_097L);
        int dayOfEra = (int) (z - era * 146_097L);
        int yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        int shiftedMonth = (5 * dayOfYear + 2) / 153;
        int day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1;
        int month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
        int year = (int) (yearOfEra + era * 400) + (month <= 2 ? 1 : 0);
        int i = at;
        i = digits(year, 4, out, i);
        out[i++] = '-';
        i = digits(month, 2, out, i);
        out[i++] = '-';
        i = digits(day, 2, out, i);
        out[i++] = 'T';
        i = digits(ofDay / 3_600_000, 2, out, i);
        out[i++] = ':';
        i = digits(ofDay / 60_000 % 60, 2, out, i);
        out[i++] = ':';
        i = digits(ofDay / 1_000 % 60, 2, out, i);
        int fraction = ofDay % 1_000;
        if (fraction != 0) {
            out[i++] = '.';
            i = digits(fraction, 3, out, i);
        }
        out[i++] = 'Z';
        return i;
    }

    private static int digits(int value, int width, byte[] out, int at) {
        int rest = value;
        for (int k = at + width - 1; k >= at; k--) {
            out[k] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        return at + width;
    }
}

package dev.slotwise.commons.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values no column can hold are refused while the body is read, naming the field (issue 23). */
class StrictJsonTest {

    record Booking(String notes, Instant startsAt, OffsetDateTime endsAt, List<String> events) {
    }

    private final ObjectMapper json = strict();

    private static ObjectMapper strict() {
        ObjectMapper mapper = new ObjectMapper().registerModule(new JavaTimeModule());
        new StrictJson().customize(mapper);
        return mapper;
    }

    @Test
    void ordinaryValuesAreRead() throws Exception {
        Booking booking = json.readValue("""
                {"notes":"Ada","startsAt":"2026-11-22T09:30:00Z","endsAt":"9999-12-31T23:59:59+01:00","events":["a"]}""",
                Booking.class);
        assertThat(booking.notes()).isEqualTo("Ada");
        assertThat(booking.startsAt()).isEqualTo(Instant.parse("2026-11-22T09:30:00Z"));
        assertThat(booking.events()).containsExactly("a");
    }

    @Test
    void aNulCharacterIsRefusedNamingTheField() {
        assertThatThrownBy(() -> json.readValue("{\"notes\":\"a\\u0000b\"}", Booking.class))
                .isInstanceOf(MismatchedInputException.class)
                .satisfies(e -> assertThat(((MismatchedInputException) e).getPath().get(0).getFieldName()).isEqualTo("notes"));
        assertThatThrownBy(() -> json.readValue("{\"events\":[\"ping\\u0000\"]}", Booking.class))
                .isInstanceOf(MismatchedInputException.class);
    }

    @Test
    void timestampsOutsideTheYears1To9999AreRefused() {
        for (String body : List.of("{\"startsAt\":\"+292278994-01-01T00:00:00Z\"}", "{\"startsAt\":\"-0001-01-01T00:00:00Z\"}",
                "{\"endsAt\":\"+10000-01-01T00:00:00Z\"}", "{\"startsAt\":1700000000}")) {
            assertThatThrownBy(() -> json.readValue(body, Booking.class)).as(body)
                    .isInstanceOf(MismatchedInputException.class)
                    .satisfies(e -> assertThat(((MismatchedInputException) e).getPath()).isNotEmpty());
        }
    }

    @Test
    void nullInsideAListIsRefused() {
        assertThatThrownBy(() -> json.readValue("{\"events\":[null]}", Booking.class))
                .isInstanceOf(MismatchedInputException.class)
                .satisfies(e -> assertThat(((MismatchedInputException) e).getPath().get(0).getFieldName()).isEqualTo("events"));
    }

    record Typed(String name, Integer amount, Boolean consent, List<String> events) {
    }

    /** CONTRACT §2: types are strict; a number is not a string, a string not a number, a number not a boolean. */
    @Test
    void noValueIsCoercedToAnotherType() {
        for (String body : List.of("{\"name\":42}", "{\"name\":4.5}", "{\"name\":true}", "{\"events\":[1]}",
                "{\"amount\":\"4500\"}", "{\"amount\":true}", "{\"amount\":45.5}", "{\"consent\":\"true\"}",
                "{\"consent\":1}", "{\"name\":{}}", "{\"name\":[\"a\"]}")) {
            assertThatThrownBy(() -> json.readValue(body, Typed.class)).as(body)
                    .isInstanceOf(MismatchedInputException.class)
                    .satisfies(e -> assertThat(((MismatchedInputException) e).getPath()).isNotEmpty());
        }
    }
}

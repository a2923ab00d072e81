package dev.slotwise.commons.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
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

    /** Issue 34: a second value, or anything but whitespace after the first, is no single JSON value. */
    @Test
    void anythingAfterTheValueIsRefused() {
        for (String body : List.of("{\"notes\":\"a\"}{\"notes\":\"b\"}", "{\"notes\":\"a\"} {}", "{\"notes\":\"a\"}[]",
                "{\"notes\":\"a\"}1", "{\"notes\":\"a\"}\"x\"", "{\"notes\":\"a\"}null", "{\"notes\":\"a\"}garbage")) {
            assertThatThrownBy(() -> json.readValue(body, Booking.class)).as(body)
                    .isInstanceOf(JsonProcessingException.class)
                    .satisfies(e -> assertThat(StrictJson.isTrailingContent((JsonProcessingException) e)
                            || !(e instanceof MismatchedInputException)).as("told apart from a value of the wrong type").isTrue());
            assertThatThrownBy(() -> json.readValue(body.getBytes(StandardCharsets.UTF_8), JsonNode.class)).as(body)
                    .isInstanceOf(JsonProcessingException.class);
        }
        assertThat(StrictJson.isTrailingContent(catchJson("{\"notes\":\"a\"}{}"))).isTrue();
        assertThat(StrictJson.isTrailingContent(catchJson("{\"notes\":1}"))).isFalse();
    }

    @Test
    void whitespaceAroundTheValueIsFine() throws Exception {
        assertThat(json.readValue(" \r\n\t{\"notes\":\"a\"} \r\n\t".getBytes(StandardCharsets.UTF_8), Booking.class).notes())
                .isEqualTo("a");
    }

    /** RFC 8259 §8.1: JSON exchanged between systems is UTF-8; Jackson would otherwise detect UTF-16 and UTF-32. */
    @Test
    void aBodyInAnotherEncodingThanUtf8IsRefused() {
        String body = "{\"notes\":\"caf\u00e9\"}";
        for (String charset : List.of("UTF-16BE", "UTF-16LE", "UTF-16", "UTF-32BE", "UTF-32LE")) {
            byte[] bytes = body.getBytes(Charset.forName(charset));
            assertThatThrownBy(() -> json.readValue(bytes, Booking.class)).as(charset)
                    .isInstanceOf(NotUtf8Json.class);
            assertThatThrownBy(() -> json.readValue(new ByteArrayInputStream(bytes), Booking.class)).as(charset)
                    .isInstanceOf(NotUtf8Json.class);
        }
        // a byte order mark is refused too (RFC 8259 §8.1: senders must not add one)
        byte[] withBom = ("\uFEFF" + body).getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> json.readValue(withBom, Booking.class)).isInstanceOf(NotUtf8Json.class);
        // bytes that are not UTF-8 at all (ISO 8859-1's é)
        byte[] latin1 = body.getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> json.readValue(latin1, Booking.class)).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void utf8IsReadWhateverTheCharacters() throws Exception {
        String notes = "caf\u00e9 \u6f22\u5b57 \ud83d\ude00";
        assertThat(json.readValue(("{\"notes\":\"" + notes + "\"}").getBytes(StandardCharsets.UTF_8), Booking.class).notes())
                .isEqualTo(notes);
        assertThat(json.readValue(new ByteArrayInputStream("{}".getBytes(StandardCharsets.UTF_8)), Booking.class)).isNotNull();
    }

    /** CONTRACT §2: timestamps are ISO 8601; a string of epoch seconds is a number in disguise. */
    @Test
    void epochSecondsInAStringAreNoTimestamp() {
        for (String body : List.of("{\"startsAt\":\"1934071200\"}", "{\"endsAt\":\"1937152800\"}",
                "{\"startsAt\":\"1934071200.5\"}", "{\"startsAt\":\"-1\"}", "{\"startsAt\":\" 1934071200 \"}",
                "{\"startsAt\":\"0\"}")) {
            assertThatThrownBy(() -> json.readValue(body, Booking.class)).as(body)
                    .isInstanceOf(MismatchedInputException.class)
                    .satisfies(e -> assertThat(((MismatchedInputException) e).getPath().get(0).getFieldName())
                            .isIn("startsAt", "endsAt"));
        }
    }

    private JsonProcessingException catchJson(String body) {
        try {
            json.readValue(body, Booking.class);
            throw new AssertionError("read: " + body);
        } catch (JsonProcessingException e) {
            return e;
        }
    }
}

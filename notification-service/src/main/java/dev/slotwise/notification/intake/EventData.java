package dev.slotwise.notification.intake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The copy of an appointment event's {@code data} this service keeps (column {@code appointments.data}), read back as
 * a tree. It travels as JSON text to and from PostgreSQL, never through a {@code Map}: the suite's strict object mapper
 * (commons' StrictJson) refuses {@code null} inside maps, and event data carries nulls the contract requires
 * ({@code "cancellation": null} on every appointment.* event, CONTRACT §15), which appointment.reminder_due passes on.
 */
public final class EventData {

    private EventData() {
    }

    /** The kept data (the column selected as {@code data::text}) as a tree, nulls included. */
    public static JsonNode read(ObjectMapper json, String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the kept copy of an appointment is not JSON: " + e.getOriginalMessage(), e);
        }
    }
}

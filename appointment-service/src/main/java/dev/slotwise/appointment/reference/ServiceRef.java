package dev.slotwise.appointment.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** What an appointment needs to know of a bookable service: its length, and whether it is still offered. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServiceRef(String id, int durationMinutes, boolean active) {
}

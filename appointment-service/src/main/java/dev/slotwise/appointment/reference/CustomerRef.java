package dev.slotwise.appointment.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** What an appointment needs to know of a customer: that it exists in the tenant. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CustomerRef(String id) {
}

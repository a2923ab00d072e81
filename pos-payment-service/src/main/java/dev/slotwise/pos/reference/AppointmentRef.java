package dev.slotwise.pos.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** What a sale needs to know of an appointment: that it exists in the tenant, and whose it is. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AppointmentRef(String id, String customerId) {
}

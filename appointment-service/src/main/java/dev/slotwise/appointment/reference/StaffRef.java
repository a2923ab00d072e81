package dev.slotwise.appointment.reference;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** What an appointment needs to know of a staff member: that they exist in the tenant. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StaffRef(String id) {
}

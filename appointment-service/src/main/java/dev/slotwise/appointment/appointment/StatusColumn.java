package dev.slotwise.appointment.appointment;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores the status by its wire name ({@code booked}), which the exclusion constraint's predicate names. */
@Converter
class StatusColumn implements AttributeConverter<AppointmentStatus, String> {

    @Override
    public String convertToDatabaseColumn(AppointmentStatus status) {
        return status == null ? null : status.wireName();
    }

    @Override
    public AppointmentStatus convertToEntityAttribute(String column) {
        return column == null ? null : AppointmentStatus.parse(column);
    }
}

package dev.slotwise.appointment.appointment;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores who cancelled by its wire name ({@code customer}), which the table's check names. */
@Converter
class CancelledByColumn implements AttributeConverter<CancelledBy, String> {

    @Override
    public String convertToDatabaseColumn(CancelledBy by) {
        return by == null ? null : by.wireName();
    }

    @Override
    public CancelledBy convertToEntityAttribute(String column) {
        return column == null ? null : CancelledBy.parse(column);
    }
}

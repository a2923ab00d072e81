package dev.slotwise.catalog.staff;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.Arrays;
import java.util.List;

/** A staff member's service ids as one column: joined by commas, the empty text for none. */
@Converter
class ServiceIdsColumn implements AttributeConverter<List<String>, String> {

    @Override
    public String convertToDatabaseColumn(List<String> ids) {
        return ids == null ? "" : String.join(",", ids);
    }

    @Override
    public List<String> convertToEntityAttribute(String column) {
        return column == null || column.isEmpty() ? List.of() : List.copyOf(Arrays.asList(column.split(",")));
    }
}

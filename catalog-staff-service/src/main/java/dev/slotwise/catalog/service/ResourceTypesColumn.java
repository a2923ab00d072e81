package dev.slotwise.catalog.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.List;

/**
 * A service's required resource types as one text column holding a JSON array ({@code []} for none). Hibernate
 * Reactive decodes a {@code jsonb} column only into a JSON object, so an array is kept as text and converted here.
 */
@Converter
class ResourceTypesColumn implements AttributeConverter<List<String>, String> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<String>> TYPES = new TypeReference<>() {
    };

    @Override
    public String convertToDatabaseColumn(List<String> types) {
        try {
            return JSON.writeValueAsString(types == null ? List.of() : types);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("resource types that are no JSON", e);
        }
    }

    @Override
    public List<String> convertToEntityAttribute(String column) {
        try {
            return column == null || column.isEmpty() ? List.of() : List.copyOf(JSON.readValue(column, TYPES));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a required_resource_types column that is no JSON array", e);
        }
    }
}

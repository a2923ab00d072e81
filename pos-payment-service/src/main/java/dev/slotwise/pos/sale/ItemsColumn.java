package dev.slotwise.pos.sale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.List;

/** Stores a sale's lines as one JSON text: written once with the sale, always read whole. */
@Converter
class ItemsColumn implements AttributeConverter<List<SaleLine>, String> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<SaleLine>> LINES = new TypeReference<>() {
    };

    @Override
    public String convertToDatabaseColumn(List<SaleLine> lines) {
        try {
            return JSON.writeValueAsString(lines);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("sale lines cannot be written", e);
        }
    }

    @Override
    public List<SaleLine> convertToEntityAttribute(String column) {
        try {
            return JSON.readValue(column, LINES);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("sale lines cannot be read", e);
        }
    }
}

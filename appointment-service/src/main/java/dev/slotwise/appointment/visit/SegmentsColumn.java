package dev.slotwise.appointment.visit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.List;

/**
 * Stores a visit's segments with its appointment or hold as JSON text, so that reading one (or a page of them) is
 * reading its row. The occupancy the database keeps apart is in {@code visit_segments}, written in the same
 * transaction ({@link VisitSegments}).
 */
@Converter
public class SegmentsColumn implements AttributeConverter<List<VisitSegment>, String> {

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final TypeReference<List<VisitSegment>> SEGMENTS = new TypeReference<>() {
    };

    @Override
    public String convertToDatabaseColumn(List<VisitSegment> segments) {
        try {
            return segments == null ? null : JSON.writeValueAsString(segments);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("segments cannot be written", e);
        }
    }

    @Override
    public List<VisitSegment> convertToEntityAttribute(String column) {
        try {
            return column == null ? null : List.copyOf(JSON.readValue(column, SEGMENTS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored segments cannot be read", e);
        }
    }
}

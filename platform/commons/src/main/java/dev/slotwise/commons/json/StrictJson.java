package dev.slotwise.commons.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Reads request bodies literally: {@code 45.5} is not a whole number of minor units and {@code "4500"} is not a
 * number, so both are 422 instead of being silently truncated or coerced.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
    }
}

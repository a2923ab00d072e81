package dev.slotwise.commons.json;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Reads request bodies literally: {@code 45.5} is not a whole number of minor units and {@code "4500"} is not a
 * number, so both are 422 instead of being silently truncated or coerced. Values no database column can hold are
 * refused here too, naming the field, rather than failing in PostgreSQL as a 500: a string with a NUL character,
 * a timestamp outside the years 1 to 9999, and {@code null} inside a list ({@code "events": [null]}).
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.setDefaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
        mapper.registerModule(new SimpleModule("slotwise-strict-values")
                .addDeserializer(String.class, new StorableStrings())
                .setDeserializerModifier(StorableTimestamps.modifier()));
    }
}

package dev.slotwise.commons.json;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Reads request bodies literally: {@code 45.5} is not a whole number of minor units and {@code "4500"} is not a
 * number, so both are 422 instead of being silently truncated or coerced. Values no database column can hold are
 * refused here too, naming the field, rather than failing in PostgreSQL as a 500: a string with a NUL character,
 * a timestamp outside the years 1 to 9999, and {@code null} inside a list ({@code "events": [null]}).
 *
 * <p>A body is exactly one JSON value in UTF-8: a second value or anything else after the first is refused, not
 * ignored (Jackson reads the first value and stops, unless told otherwise), and so are UTF-16, UTF-32 and a byte
 * order mark ({@link Utf8Only}).
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.getFactory().setInputDecorator(new Utf8Only());
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.setDefaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
        mapper.registerModule(new SimpleModule("slotwise-strict-values")
                .addDeserializer(String.class, new StorableStrings())
                .setDeserializerModifier(StorableTimestamps.modifier()));
    }

    /**
     * Whether Jackson refused a body because a value followed the first one ({@code {"a":1}{"b":2}}), as opposed to
     * a value of the wrong type. Jackson tells them apart only by the message of the {@link MismatchedInputException}.
     */
    public static boolean isTrailingContent(JsonProcessingException e) {
        return e instanceof MismatchedInputException && e.getOriginalMessage() != null
                && e.getOriginalMessage().startsWith("Trailing token");
    }
}

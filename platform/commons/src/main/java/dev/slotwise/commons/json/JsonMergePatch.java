package dev.slotwise.commons.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.commons.problem.FieldError;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * RFC 7396 JSON merge patch onto a record of writable fields: {@code null} clears a field, a value replaces it,
 * an absent field stays. The result must be as valid as a create body (422 otherwise); unknown fields are 422.
 */
@ApplicationScoped
public class JsonMergePatch {

    private final ObjectMapper json;
    private final Validator validator;

    public JsonMergePatch(ObjectMapper json, Validator validator) {
        this.json = json;
        this.validator = validator;
    }

    public <T> T apply(T current, JsonNode patch, Class<T> type) {
        RequestBody.requireMergePatch(patch);
        ObjectNode merged = json.valueToTree(current);
        Iterator<Map.Entry<String, JsonNode>> fields = patch.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!merged.has(field.getKey())) {
                throw ApiException.invalid(field.getKey(), "is not a field that can be changed");
            }
            merged.set(field.getKey(), merge(merged.get(field.getKey()), field.getValue()));
        }
        T result;
        try {
            result = json.treeToValue(merged, type);
        } catch (JsonProcessingException e) {
            String field = e instanceof JsonMappingException mapping
                    && !mapping.getPath().isEmpty() ? pathOf(mapping) : "body";
            throw ApiException.invalid(field, "has the wrong type or format");
        }
        validate(result);
        return result;
    }

    private static String pathOf(JsonMappingException mapping) {
        return mapping.getPath().stream().map(ref -> ref.getFieldName()).filter(Objects::nonNull)
                .collect(Collectors.joining("."));
    }

    /** RFC 7396 on a nested value: objects merge member by member, anything else replaces. */
    private static JsonNode merge(JsonNode target, JsonNode patch) {
        if (!patch.isObject() || target == null || !target.isObject()) {
            return patch;
        }
        ObjectNode result = ((ObjectNode) target).deepCopy();
        patch.fields().forEachRemaining(member -> {
            if (member.getValue().isNull()) {
                result.remove(member.getKey());
            } else {
                result.set(member.getKey(), merge(result.get(member.getKey()), member.getValue()));
            }
        });
        return result;
    }

    public <T> void validate(T value) {
        Set<ConstraintViolation<T>> violations = validator.validate(value);
        if (!violations.isEmpty()) {
            throw ApiException.invalid(violations.stream()
                    .map(v -> new FieldError(v.getPropertyPath().toString(), v.getMessage()))
                    .sorted(Comparator.comparing(FieldError::field))
                    .toList());
        }
    }
}

package dev.slotwise.commons.metadata;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.slotwise.commons.problem.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

/**
 * The {@code metadata[<key>]=<value>} filter of a list (CONTRACT §19): one key, matched exactly and case-sensitively.
 * More than one, a bad key or a value no metadata can hold is 400 {@code malformed_request}. The filter is a JSON
 * containment ({@code metadata @> '{"key":"value"}'}), which a GIN index with {@code jsonb_path_ops} answers.
 */
public record MetadataFilter(String key, String value) {

    private static final String PREFIX = "metadata[";

    /** The filter among a request's query parameters, or null when it has none. */
    public static MetadataFilter parse(Map<String, List<String>> query) {
        MetadataFilter found = null;
        for (Entry<String, List<String>> parameter : query.entrySet()) {
            String name = parameter.getKey();
            if (!name.startsWith("metadata")) {
                continue;
            }
            if (!name.startsWith(PREFIX) || !name.endsWith("]")) {
                throw ApiException.malformed("a metadata filter is written metadata[<key>]=<value>");
            }
            String key = name.substring(PREFIX.length(), name.length() - 1);
            if (!Metadata.isKey(key)) {
                throw ApiException.malformed("a metadata key is 1 to " + Metadata.MAX_KEY_LENGTH
                        + " characters of A-Z a-z 0-9 _ . -");
            }
            if (found != null || parameter.getValue().size() != 1) {
                throw ApiException.malformed("a list takes one metadata filter at most");
            }
            String value = parameter.getValue().get(0);
            if (value == null || value.length() > Metadata.MAX_VALUE_LENGTH) {
                throw ApiException.malformed("a metadata value is at most " + Metadata.MAX_VALUE_LENGTH
                        + " characters");
            }
            found = new MetadataFilter(key, value);
        }
        return found;
    }

    /** The JSON object the stored metadata must contain, for {@code metadata @> cast(? as jsonb)}. */
    public String containment() {
        return JsonNodeFactory.instance.objectNode().put(key, value).toString();
    }
}

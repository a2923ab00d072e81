package dev.slotwise.commons.metadata;

import java.util.Map;
import java.util.Map.Entry;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * CONTRACT §19's {@code metadata}: an integrator's own key-value pairs on a resource. Limits are checked by
 * {@link ValidMetadata}; a merge patch merges it key by key (a key set to null is removed), which the services'
 * RFC 7396 merge already does for an object field, so the limits apply to the merged result.
 */
public final class Metadata {

    public static final int MAX_KEYS = 50;
    public static final int MAX_KEY_LENGTH = 40;
    public static final int MAX_VALUE_LENGTH = 500;
    static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]{1," + MAX_KEY_LENGTH + "}");

    private Metadata() {
    }

    /** The metadata to store and show: an empty map for none, keys in a stable order. */
    public static Map<String, String> of(Map<String, String> metadata) {
        return metadata == null ? new TreeMap<>() : new TreeMap<>(metadata);
    }

    /** Whether {@code key} may be a metadata key. */
    public static boolean isKey(String key) {
        return key != null && KEY.matcher(key).matches();
    }

    /** What breaks §19's limits in {@code metadata}, or null when nothing does. */
    static String problem(Map<String, String> metadata) {
        if (metadata == null) {
            return null;
        }
        if (metadata.size() > MAX_KEYS) {
            return "must have at most " + MAX_KEYS + " keys (it has " + metadata.size() + ")";
        }
        for (Entry<String, String> entry : new TreeMap<>(metadata).entrySet()) {
            if (!isKey(entry.getKey())) {
                return "keys must be 1 to " + MAX_KEY_LENGTH + " characters of A-Z a-z 0-9 _ . - (\""
                        + printable(entry.getKey()) + "\" is not)";
            }
            if (entry.getValue() == null) {
                return "value of \"" + entry.getKey() + "\" must be a string";
            }
            if (entry.getValue().length() > MAX_VALUE_LENGTH) {
                return "value of \"" + entry.getKey() + "\" must be at most " + MAX_VALUE_LENGTH + " characters";
            }
        }
        return null;
    }

    private static String printable(String key) {
        String shortened = key.length() > MAX_KEY_LENGTH + 10 ? key.substring(0, MAX_KEY_LENGTH + 10) + "…" : key;
        return shortened.replaceAll("[\\p{Cntrl}\"\\\\]", "?");
    }
}

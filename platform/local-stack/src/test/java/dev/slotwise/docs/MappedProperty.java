package dev.slotwise.docs;

import java.util.Locale;
import java.util.Optional;

/**
 * One property of a {@code @ConfigMapping} interface: its full name ({@code <name>} standing for a map's key), the
 * type as a reader would say it, its {@code @WithDefault}, whether it may stay unset ({@code Optional}) and its Javadoc.
 */
record MappedProperty(String name, String type, Optional<String> withDefault, boolean optional, String description) {

    static final String MAP_KEY = "<name>";

    /**
     * The environment variable SmallRye Config reads for the property: upper case, every character other than a letter
     * or a digit an underscore ({@code <NAME>} for a map's key).
     */
    String environmentVariable() {
        return environmentVariable(name);
    }

    static String environmentVariable(String property) {
        int key = property.indexOf(MAP_KEY);
        if (key >= 0) {
            return environmentVariable(property.substring(0, key)) + "<NAME>"
                    + environmentVariable(property.substring(key + MAP_KEY.length()));
        }
        return property.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }
}

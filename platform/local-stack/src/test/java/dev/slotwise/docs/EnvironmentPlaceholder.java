package dev.slotwise.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A {@code ${ENV_NAME:default}} expression in a properties file's value: the environment variable it reads, the
 * property it sets, the default as written (a nested {@code ${…}} included) or none, and the comment above the line.
 * Expressions naming another property ({@code ${quarkus.http.host}}) are not environment variables and are skipped.
 */
record EnvironmentPlaceholder(String variable, String property, Optional<String> defaultValue, String description) {

    private static final Pattern ENVIRONMENT_NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    static List<EnvironmentPlaceholder> in(PropertiesFile.Entry entry) {
        List<EnvironmentPlaceholder> found = new ArrayList<>();
        String value = entry.value();
        int start = value.indexOf("${");
        while (start >= 0) {
            int end = Braces.closing(value, start + 1);
            if (end < 0) {
                break;
            }
            String expression = value.substring(start + 2, end);
            int colon = expression.indexOf(':');
            String name = colon < 0 ? expression : expression.substring(0, colon);
            if (ENVIRONMENT_NAME.matcher(name).matches()) {
                found.add(new EnvironmentPlaceholder(name, entry.key(),
                        colon < 0 ? Optional.empty() : Optional.of(expression.substring(colon + 1)),
                        String.join(" ", entry.comment())));
            }
            start = value.indexOf("${", end + 1);
        }
        return found;
    }
}

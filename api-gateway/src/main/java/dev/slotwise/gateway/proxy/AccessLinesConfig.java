package dev.slotwise.gateway.proxy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Whether the access lines can be written by {@link AccessLines}: only when the console is the place logs go and it
 * writes plain JSON records with every field {@link AccessLines} writes (no pretty printing, no excluded or renamed
 * field of those, no async console, the console's level at INFO or below); otherwise the logging framework writes
 * them as before. The console formatter's additional fields (the {@code service} name) are copied.
 */
final class AccessLinesConfig {

    private static final String JSON = "quarkus.log.console.json.";
    private static final String ADDITIONAL = JSON + "additional-field.";
    private static final Set<String> WRITTEN = Set.of("timestamp", "loggerName", "level", "message", "threadName", "mdc");
    private static final Set<String> LEVELS_AT_OR_BELOW_INFO = Set.of("ALL", "TRACE", "DEBUG", "INFO", "FINEST",
            "FINER", "FINE", "CONFIG");

    private AccessLinesConfig() {
    }

    static AccessLines fromConfig(String loggerName) {
        Config config = ConfigProvider.getConfig();
        if (!flag(config, "quarkus.log.console.enabled", flag(config, "quarkus.log.console.enable", true))
                || !flag(config, JSON + "enabled", false) || flag(config, JSON + "pretty-print", false)
                || flag(config, "quarkus.log.console.async.enabled", false)
                || flag(config, "quarkus.log.console.async.enable", false)
                || flag(config, "quarkus.log.console.async", false)) {
            return null;
        }
        String level = config.getOptionalValue("quarkus.log.console.level", String.class).orElse("ALL");
        if (!LEVELS_AT_OR_BELOW_INFO.contains(level.toUpperCase())) {
            return null;
        }
        for (String excluded : config.getOptionalValue(JSON + "excluded-keys", String.class).orElse("").split(",")) {
            if (WRITTEN.contains(excluded.trim())) {
                return null;
            }
        }
        if (config.getOptionalValue(JSON + "key-overrides", String.class).filter(s -> !s.isBlank()).isPresent()
                || config.getOptionalValue(JSON + "record-delimiter", String.class).filter(s -> !s.equals("\n"))
                .isPresent()) {
            return null;
        }
        Map<String, String> additional = new LinkedHashMap<>();
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(ADDITIONAL) && name.endsWith(".value")) {
                String key = name.substring(ADDITIONAL.length(), name.length() - ".value".length()).replace("\"", "");
                config.getOptionalValue(name, String.class).ifPresent(value -> additional.put(key, value));
            }
        }
        return new AccessLines(System.out, loggerName, additional).start();
    }

    private static boolean flag(Config config, String name, boolean otherwise) {
        try {
            return config.getOptionalValue(name, Boolean.class).orElse(otherwise);
        } catch (IllegalArgumentException notABoolean) {
            return otherwise;
        }
    }
}

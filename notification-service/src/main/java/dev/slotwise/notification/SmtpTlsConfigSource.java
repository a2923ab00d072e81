package dev.slotwise.notification;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * {@code SLOTWISE_SMTP_TLS} (CONTRACT §18: {@code starttls} [default] | {@code tls} | {@code none}) as the two
 * settings quarkus-mailer reads: STARTTLS required, TLS from the first byte, or neither. Above application.properties,
 * below explicit {@code QUARKUS_MAILER_*} environment variables.
 */
public class SmtpTlsConfigSource implements ConfigSource {

    private static final String TLS = "quarkus.mailer.tls";
    private static final String START_TLS = "quarkus.mailer.start-tls";

    private final Map<String, String> values;

    public SmtpTlsConfigSource() {
        String mode = System.getProperty("slotwise.smtp.tls", System.getenv().getOrDefault("SLOTWISE_SMTP_TLS", "starttls"))
                .trim().toLowerCase(Locale.ROOT);
        this.values = switch (mode) {
            case "tls" -> Map.of(TLS, "true", START_TLS, "DISABLED");
            case "none" -> Map.of(TLS, "false", START_TLS, "DISABLED");
            case "starttls" -> Map.of(TLS, "false", START_TLS, "REQUIRED");
            default -> throw new IllegalArgumentException("SLOTWISE_SMTP_TLS must be starttls, tls or none");
        };
    }

    @Override
    public Set<String> getPropertyNames() {
        return values.keySet();
    }

    @Override
    public String getValue(String name) {
        return values.get(name);
    }

    @Override
    public String getName() {
        return "SLOTWISE_SMTP_TLS";
    }

    @Override
    public int getOrdinal() {
        return 275;
    }
}

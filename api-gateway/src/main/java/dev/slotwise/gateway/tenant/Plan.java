package dev.slotwise.gateway.tenant;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** A tenant's plan; it sets the hourly request limit (CONTRACT §6). */
public enum Plan {
    FREE, PRO, ENTERPRISE;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Plan fromWire(String value) {
        for (Plan plan : values()) {
            if (plan.wireName().equals(value)) {
                return plan;
            }
        }
        throw new IllegalArgumentException("plan must be free, pro or enterprise");
    }
}

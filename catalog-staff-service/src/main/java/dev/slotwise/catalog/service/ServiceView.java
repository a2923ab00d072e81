package dev.slotwise.catalog.service;

import dev.slotwise.commons.money.Money;
import java.time.Instant;

/** The service resource of CONTRACT §5. */
public record ServiceView(String id, String name, int durationMinutes, Money price, boolean active, Instant createdAt,
        Instant updatedAt) {

    static ServiceView of(BookableService service) {
        return new ServiceView(service.id, service.name, service.durationMinutes, service.price(), service.active,
                service.createdAt, service.updatedAt);
    }
}

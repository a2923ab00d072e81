package dev.slotwise.catalog.service;

import dev.slotwise.commons.money.Money;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The service resource of CONTRACT §5, with the buffers of §15 and the required resource types of §17. */
public record ServiceView(String id, String name, int durationMinutes, Money price, boolean active,
        int bufferBeforeMinutes, int bufferAfterMinutes, List<String> requiredResourceTypes, Map<String, String> metadata, Instant createdAt,
        Instant updatedAt) {

    static ServiceView of(BookableService service) {
        return new ServiceView(service.id, service.name, service.durationMinutes, service.price(), service.active,
                service.bufferBeforeMinutes, service.bufferAfterMinutes, service.requiredResourceTypes, service.metadata, service.createdAt,
                service.updatedAt);
    }
}

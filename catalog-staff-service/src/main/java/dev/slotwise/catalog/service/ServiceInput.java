package dev.slotwise.catalog.service;

import dev.slotwise.commons.metadata.ValidMetadata;
import dev.slotwise.commons.money.Money;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The writable fields of a service: the body of a create, and the state a merge patch must leave valid. The buffers
 * (CONTRACT §15) are the time a booked appointment of the service also takes of its staff member before and after
 * it; left out or null, 0. {@code requiredResourceTypes} (CONTRACT §17): the types of resource a booking takes one of
 * each of; left out or null, none.
 */
public record ServiceInput(
        @NotBlank(message = "is required") @Size(max = 200, message = "must be 1 to 200 characters") String name,
        @NotNull(message = "is required") @Min(value = 5, message = "must be from 5 to 720")
        @Max(value = 720, message = "must be from 5 to 720") Integer durationMinutes,
        @NotNull(message = "is required") @Valid Money price,
        Boolean active,
        @Min(value = 0, message = "must be from 0 to 240") @Max(value = 240, message = "must be from 0 to 240")
        Integer bufferBeforeMinutes,
        @Min(value = 0, message = "must be from 0 to 240") @Max(value = 240, message = "must be from 0 to 240")
        Integer bufferAfterMinutes,
        @ValidMetadata Map<String, String> metadata,
        @Size(max = 10, message = "must name at most 10 types")
        List<@NotNull(message = "must be a resource type") @Size(min = 1, max = 50, message = "must be 1 to 50 characters")
                String> requiredResourceTypes) {

    static ServiceInput of(BookableService service) {
        return new ServiceInput(service.name, service.durationMinutes, service.price(), service.active,
                service.bufferBeforeMinutes, service.bufferAfterMinutes, service.metadata, service.requiredResourceTypes);
    }

    /** The required types without repeats, in the order given; empty when none were given. */
    List<String> requiredResourceTypesOrNone() {
        return requiredResourceTypes == null ? List.of() : List.copyOf(new LinkedHashSet<>(requiredResourceTypes));
    }
}

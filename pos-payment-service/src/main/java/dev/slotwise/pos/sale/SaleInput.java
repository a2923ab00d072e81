package dev.slotwise.pos.sale;

import dev.slotwise.commons.metadata.ValidMetadata;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;

/** The body of {@code POST /api/v1/transactions}: the server computes the total from the items. */
public record SaleInput(
        String customerId,
        String appointmentId,
        @NotNull(message = "is required") @Size(min = 1, max = 100, message = "must have 1 to 100 items")
        List<@NotNull(message = "must be an item") @Valid ItemInput> items,
        @NotNull(message = "is required") @Size(min = 1, max = 20, message = "must have 1 to 20 payments")
        List<@NotNull(message = "must be a payment") @Valid PaymentInput> payments,
        @ValidMetadata Map<String, String> metadata) {
}

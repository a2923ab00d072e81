package dev.slotwise.catalog.product;

import dev.slotwise.commons.event.ConsumerRetry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.event.EventRecords;
import dev.slotwise.commons.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Lowers stock for the product items of every {@code transaction.completed} on the POS topic. A record is
 * acknowledged (its offset committed) only after its change committed; while the database is away the record is
 * retried with backoff rather than skipped, so no sale is lost, and {@link Inventory#applySale} makes a
 * redelivery harmless. A sale that can never be applied goes to the dead-letter topic ({@link ConsumerRetry}).
 */
@ApplicationScoped
public class SalesConsumer {

    private static final Logger LOG = Logger.getLogger(SalesConsumer.class);

    private final Inventory inventory;
    private final ObjectMapper json;
    private final Outbox outbox;

    public SalesConsumer(Inventory inventory, ObjectMapper json, Outbox outbox) {
        this.inventory = inventory;
        this.json = json;
        this.outbox = outbox;
    }

    @Incoming("sales")
    public Uni<Void> consume(String record) {
        JsonNode event = EventRecords.envelope(json, record);
        if (!"transaction.completed".equals(event.get("type").asText())) {
            return Uni.createFrom().voidItem();
        }
        List<SoldItem> sold = new ArrayList<>();
        for (JsonNode item : event.path("data").path("items")) {
            if ("product".equals(item.path("type").asText()) && item.path("quantity").canConvertToInt()) {
                sold.add(new SoldItem(item.path("refId").asText(), item.path("quantity").asInt()));
            }
        }
        if (sold.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        // a sale may take stock below its threshold: the stock.low event it recorded is published once committed
        return ConsumerRetry.untilApplied(inventory.applySale(event.get("id").asText(), event.get("tenantId").asText(), sold)
                        .invoke(outbox::committed), LOG, "applying sale " + event.get("id").asText());
    }
}

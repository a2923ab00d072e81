package dev.slotwise.catalog.product;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Products and their stock levels. A level moves by an adjustment (which may not take it below zero) or by a sale
 * (which may: the goods are already gone, and the count shows the shortfall). Every move locks the product row,
 * writes a line of stock history and, when the level crosses the low-stock threshold, records stock.low in the
 * same transaction.
 */
@ApplicationScoped
public class Inventory {

    private static final Logger LOG = Logger.getLogger(Inventory.class);

    private final ProductRepository products;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public Inventory(ProductRepository products, Outbox outbox, JsonMergePatch mergePatch, EntityTags tags) {
        this.products = products;
        this.outbox = outbox;
        this.mergePatch = mergePatch;
        this.tags = tags;
    }

    Uni<Page<ProductView>> list(String tenantId, PageRequest page) {
        return Panache.withSession(() -> products.page(tenantId, page))
                .map(rows -> Page.of(rows, page, p -> p.id).map(ProductView::of));
    }

    Uni<ProductView> get(String tenantId, String id) {
        return Panache.withSession(() -> products.require(tenantId, id)).map(ProductView::of);
    }

    Uni<ProductView> create(String tenantId, ProductInput input) {
        return Panache.withTransaction(() -> {
            Product product = new Product();
            product.create(Ids.next(ProductRepository.PREFIX), tenantId, now());
            product.name = input.name();
            product.sku = input.sku();
            product.stockQuantity = input.stockQuantity() == null ? 0 : input.stockQuantity();
            product.lowStockThreshold = input.lowStockThreshold() == null ? 0 : input.lowStockThreshold();
            product.priceAmount = input.price().amount();
            product.priceCurrency = input.price().currency();
            return products.persist(product).map(ProductView::of);
        });
    }

    /**
     * Applies a merge patch of name, sku, threshold and price, when {@code ifMatch} (null: no condition) still matches
     * the product. A new threshold emits nothing: {@code stock.low} is due when a move crosses it.
     */
    Uni<ProductView> update(String tenantId, String id, JsonNode patch, String ifMatch) {
        return Panache.withTransaction(() -> products.requireForUpdate(tenantId, id).map(product -> {
            tags.requireMatch(ifMatch, ProductView.of(product));
            ProductPatch changed = mergePatch.apply(ProductPatch.of(product), patch, ProductPatch.class);
            product.name = changed.name();
            product.sku = changed.sku();
            product.lowStockThreshold = changed.lowStockThreshold();
            product.priceAmount = changed.price().amount();
            product.priceCurrency = changed.price().currency();
            product.updatedAt = now();
            return ProductView.of(product);
        }));
    }

    Uni<ProductView> adjust(String tenantId, String id, StockAdjustment adjustment) {
        return Panache.withTransaction(() -> products.requireForUpdate(tenantId, id).chain(product -> {
            if (product.stockQuantity + adjustment.delta() < 0) {
                throw ApiException.invalid("delta", "would take the stock of " + product.stockQuantity + " below zero");
            }
            return move(product, adjustment.delta(), adjustment.reason(), null);
        }));
    }

    /** Applies a sale exactly once per event: a redelivered event finds its id recorded and changes nothing. */
    public Uni<Void> applySale(String eventId, String tenantId, List<SoldItem> items) {
        return Panache.withTransaction(() -> products.firstDelivery(eventId).chain(first -> {
            if (!first) {
                LOG.debugf("event %s was applied before; skipped", eventId);
                return Uni.createFrom().voidItem();
            }
            Uni<Void> applied = Uni.createFrom().voidItem();
            for (SoldItem item : items) {
                applied = applied.chain(() -> products.lockIfPresent(tenantId, item.productId()).chain(product -> {
                    if (product == null) {
                        LOG.warnf("event %s sold product %s, which tenant %s does not have; stock unchanged",
                                eventId, item.productId(), tenantId);
                        return Uni.createFrom().voidItem();
                    }
                    return move(product, -item.quantity(), "sale", eventId).replaceWithVoid();
                }));
            }
            return applied;
        }));
    }

    private Uni<ProductView> move(Product product, long delta, String reason, String eventId) {
        Instant now = now();
        boolean crossedThreshold = product.move(delta);
        product.updatedAt = now;
        Uni<Void> written = products.flush().chain(() -> products.recordMovement(product, delta, reason, eventId, now));
        if (crossedThreshold) {
            written = written.chain(() -> outbox.record("stock.low", product.tenantId, product.id, LowStockEvent.of(product)))
                    .replaceWithVoid();
        }
        return written.map(nothing -> ProductView.of(product));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}

package dev.slotwise.customer.customer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.pg.UniqueRule;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;

/** Customer rules: unique e-mail per tenant, merge-patch updates, customer.created / customer.updated events. */
@ApplicationScoped
public class CustomerService {

    /** The row goes, its personal data with it; customer.deleted is recorded in the same statement. */
    private static final String ERASE = Outbox.withEvent(
            "delete from customers where tenant_id = $1 and id = $2", 2);
    private static final String INSERT = Outbox.withEvent("insert into customers (id, tenant_id, first_name, last_name,"
            + " email, phone, notes, marketing_consent, notifications_opt_out, metadata, created_at, updated_at)"
            + " values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)", 12);

    private final CustomerRepository customers;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final UniqueRule emailRule;
    private final EntityTags tags;
    private final Pool pool;
    private final CustomerReads reads;
    private final BookingSeal seal;

    public CustomerService(CustomerRepository customers, Outbox outbox, JsonMergePatch mergePatch, UniqueRule emailRule,
                           EntityTags tags, Pool pool, CustomerReads reads, BookingSeal seal) {
        this.reads = reads;
        this.seal = seal;
        this.tags = tags;
        this.pool = pool;
        this.customers = customers;
        this.outbox = outbox;
        this.mergePatch = mergePatch;
        this.emailRule = emailRule;
    }

    @WithSession
    public Uni<Page<CustomerView>> list(String tenantId, PageRequest page, CustomerSearch search) {
        return customers.page(tenantId, page, search.filter(), search.parameters(), search.sortsMatches())
                .map(rows -> Page.of(rows, page, c -> c.id).map(CustomerView::of));
    }

    /**
     * The customer and its {@code customer.created} event in one statement, with the reactive client itself (the
     * API's hottest write: no ORM session, one round trip). A taken e-mail address is the unique index's 409
     * ({@link CustomerEmailRule}), and then nothing is written.
     */
    public Uni<CustomerView> create(String tenantId, CustomerInput input) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
        CustomerView created = new CustomerView(Ids.next(CustomerRepository.PREFIX), input.firstName(),
                input.lastName(), input.email(), input.phone(), input.notes(),
                Boolean.TRUE.equals(input.marketingConsent()), Boolean.TRUE.equals(input.notificationsOptOut()),
                Metadata.of(input.metadata()), now, now);
        Tuple row = Tuple.tuple().addString(created.id()).addString(tenantId).addString(created.firstName())
                .addString(created.lastName()).addString(created.email()).addString(created.phone())
                .addString(created.notes()).addBoolean(created.marketingConsent())
                .addBoolean(created.notificationsOptOut()).addJsonObject(new JsonObject(new LinkedHashMap<String, Object>(created.metadata())))
                .addOffsetDateTime(at)
                .addOffsetDateTime(at);
        outbox.appendEvent(row, "customer.created", tenantId, created.id(), created);
        return UniHelper.toUni(pool.preparedQuery(INSERT).execute(row)).invoke(outbox::committed).replaceWith(created);
    }

    /** Applies a merge patch when {@code ifMatch} (null: no condition) still matches the customer, locked meanwhile. */
    @WithTransaction
    public Uni<CustomerView> update(String tenantId, String id, JsonNode patch, String ifMatch) {
        return customers.requireForUpdate(tenantId, id).chain(customer -> {
            tags.requireMatch(ifMatch, CustomerView.of(customer));
            CustomerInput changed = mergePatch.apply(CustomerInput.of(customer), patch, CustomerInput.class);
            return requireFreeEmail(tenantId, changed.email(), id).chain(() -> {
                customer.apply(changed);
                customer.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                return publish("customer.updated", customer);
            });
        });
    }

    /**
     * Erases the customer (CONTRACT §19): appointment-service first seals its id (409 while a booked appointment is
     * ahead; from then on it cannot be booked), then the row is deleted and {@code customer.deleted} recorded in one
     * statement. Every other copy of the customer's personal data is erased by the services that keep one, when the
     * event reaches them (docs/architecture.md, "Metadata and erasure"). A customer erased meanwhile is 404.
     */
    public Uni<Void> erase(String tenantId, String bearerToken, String id) {
        return reads.byId(tenantId, id)
                .chain(found -> seal.seal(tenantId, bearerToken, id))
                .chain(() -> {
                    Tuple row = Tuple.of(tenantId, id);
                    outbox.appendEvent(row, "customer.deleted", tenantId, id,
                            new CustomerDeleted(id, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
                    return UniHelper.toUni(pool.preparedQuery(ERASE).execute(row));
                })
                .invoke(rows -> {
                    if (rows.rowCount() == 0) {
                        throw ApiException.notFound("customer");
                    }
                    outbox.committed();
                })
                .replaceWithVoid();
    }

    private Uni<CustomerView> publish(String type, Customer customer) {
        CustomerView view = CustomerView.of(customer);
        return customers.flush().chain(() -> outbox.record(type, customer.tenantId, customer.id, view)).replaceWith(view);
    }

    private Uni<Void> requireFreeEmail(String tenantId, String email, String exceptId) {
        if (email == null) {
            return Uni.createFrom().voidItem();
        }
        return customers.emailTaken(tenantId, email, exceptId).invoke(taken -> {
            if (taken) {
                throw emailRule.conflict();
            }
        }).replaceWithVoid();
    }
}

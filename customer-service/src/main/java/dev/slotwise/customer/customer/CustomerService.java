package dev.slotwise.customer.customer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.pg.UniqueRule;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Customer rules: unique e-mail per tenant, merge-patch updates, customer.created / customer.updated events. */
@ApplicationScoped
public class CustomerService {

    private final CustomerRepository customers;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final UniqueRule emailRule;
    private final EntityTags tags;

    public CustomerService(CustomerRepository customers, Outbox outbox, JsonMergePatch mergePatch, UniqueRule emailRule,
                           EntityTags tags) {
        this.tags = tags;
        this.customers = customers;
        this.outbox = outbox;
        this.mergePatch = mergePatch;
        this.emailRule = emailRule;
    }

    @WithSession
    public Uni<Page<CustomerView>> list(String tenantId, PageRequest page, CustomerSearch search) {
        return customers.page(tenantId, page, search.filter(), search.parameters(), search.byPrefix())
                .map(rows -> Page.of(rows, page, c -> c.id).map(CustomerView::of));
    }

    @WithSession
    public Uni<CustomerView> get(String tenantId, String id) {
        return customers.require(tenantId, id).map(CustomerView::of);
    }

    @WithTransaction
    public Uni<CustomerView> create(String tenantId, CustomerInput input) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Customer customer = new Customer();
        customer.create(Ids.next(CustomerRepository.PREFIX), tenantId, now);
        customer.apply(input);
        return requireFreeEmail(tenantId, input.email(), null)
                .chain(() -> customers.persist(customer))
                .chain(saved -> publish("customer.created", saved));
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

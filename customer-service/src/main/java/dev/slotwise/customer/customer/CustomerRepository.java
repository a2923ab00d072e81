package dev.slotwise.customer.customer;

import dev.slotwise.commons.page.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Customers, always within one tenant. */
@ApplicationScoped
public class CustomerRepository implements PanacheRepositoryBase<Customer, String> {

    public Uni<Customer> findInTenant(String tenantId, String id) {
        return find("tenantId = :tenant and id = :id", Parameters.with("tenant", tenantId).and("id", id))
                .firstResult();
    }

    public Uni<List<Customer>> page(String tenantId, PageRequest page) {
        Parameters parameters = Parameters.with("tenant", tenantId);
        String query = "tenantId = :tenant";
        if (page.afterId() != null) {
            query += " and id < :after";
            parameters.and("after", page.afterId());
        }
        return find(query + " order by id desc", parameters).range(0, page.fetchSize() - 1).list();
    }

    public Uni<Boolean> emailTaken(String tenantId, String email, String exceptId) {
        return count("tenantId = :tenant and lower(email) = lower(:email) and id <> :except",
                Parameters.with("tenant", tenantId).and("email", email).and("except", exceptId == null ? "" : exceptId))
                .map(count -> count > 0);
    }
}

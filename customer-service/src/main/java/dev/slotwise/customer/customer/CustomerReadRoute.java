package dev.slotwise.customer.customer;

import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.http.PlainReadRoute;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.identity.InternalTokenAuthentication;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * {@code GET /api/v1/customers/{id}}, the API's hottest read, answered by a plain Vert.x route (decision 0111):
 * whatever it does not answer itself goes on to {@link CustomerResource#get}, which answers it as before.
 */
@ApplicationScoped
public class CustomerReadRoute {

    private final PlainReadRoute route;

    public CustomerReadRoute(CustomerReads reads, InternalTokenAuthentication authentication, EntityTags tags) {
        this.route = new PlainReadRoute("/api/v1/customers/{id}", "customers.read",
                id -> Ids.looksLike(CustomerRepository.PREFIX, id), reads::find, authentication, tags);
    }

    void register(@Observes Router router) {
        route.register(router);
    }
}

package dev.slotwise.customer.customer;

import dev.slotwise.commons.pg.UniqueRule;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * One e-mail address per customer of a tenant: {@link CustomerService} checks it first, and the unique index
 * {@code customers_tenant_email_key} settles two requests that race past that check, the loser getting the same 409.
 */
public class CustomerEmailRule {

    @Produces
    @Singleton
    UniqueRule emailTaken() {
        return new UniqueRule("customers_tenant_email_key", "customer_email_taken",
                "a customer with this e-mail address exists");
    }
}

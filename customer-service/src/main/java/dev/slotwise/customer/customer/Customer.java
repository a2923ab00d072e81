package dev.slotwise.customer.customer;

import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A tenant's customer. Rows are always read and written through the caller's tenant. */
@Entity
@Table(name = "customers")
public class Customer extends TenantOwned {

    @Column(name = "first_name", nullable = false)
    public String firstName;
    @Column(name = "last_name")
    public String lastName;
    public String email;
    public String phone;
    public String notes;
    @Column(name = "marketing_consent", nullable = false)
    public boolean marketingConsent;
    /** No transactional e-mail for this customer (CONTRACT §18); marketing consent is separate. */
    @Column(name = "notifications_opt_out", nullable = false)
    public boolean notificationsOptOut;
    /** The integrator's own key-value pairs (CONTRACT §19), never null. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public Map<String, String> metadata;

    void apply(CustomerInput input) {
        firstName = input.firstName();
        lastName = input.lastName();
        email = input.email();
        phone = input.phone();
        notes = input.notes();
        marketingConsent = Boolean.TRUE.equals(input.marketingConsent());
        notificationsOptOut = Boolean.TRUE.equals(input.notificationsOptOut());
        metadata = Metadata.of(input.metadata());
    }
}

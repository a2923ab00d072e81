package dev.slotwise.customer.customer;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A tenant's customer. Rows are always read and written through the caller's tenant. */
@Entity
@Table(name = "customers")
public class Customer extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "tenant_id", nullable = false, updatable = false)
    public String tenantId;
    @Column(name = "first_name", nullable = false)
    public String firstName;
    @Column(name = "last_name")
    public String lastName;
    public String email;
    public String phone;
    public String notes;
    @Column(name = "marketing_consent", nullable = false)
    public boolean marketingConsent;
    @Column(name = "created_at", nullable = false, updatable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    void apply(CustomerInput input) {
        firstName = input.firstName();
        lastName = input.lastName();
        email = input.email();
        phone = input.phone();
        notes = input.notes();
        marketingConsent = Boolean.TRUE.equals(input.marketingConsent());
    }
}

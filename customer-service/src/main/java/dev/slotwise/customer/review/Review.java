package dev.slotwise.customer.review;

import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A customer's rating of the business, optionally of one appointment. */
@Entity
@Table(name = "reviews")
public class Review extends TenantOwned {

    @Column(name = "customer_id", nullable = false, updatable = false)
    public String customerId;
    @Column(name = "appointment_id", updatable = false)
    public String appointmentId;
    @Column(nullable = false)
    public short rating;
    public String comment;
}

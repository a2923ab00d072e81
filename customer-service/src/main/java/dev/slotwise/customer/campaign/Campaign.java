package dev.slotwise.customer.campaign;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantOwned;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/** A marketing message to the customers who agreed to receive one; a draft until it is sent, once. */
@Entity
@Table(name = "campaigns")
public class Campaign extends TenantOwned {

    static final String DRAFT = "draft";
    static final String SENT = "sent";

    @Column(nullable = false)
    public String name;
    @Column(nullable = false)
    public String channel;
    @Column(nullable = false)
    public String message;
    @Column(nullable = false)
    public String status;
    @Column(name = "recipient_count")
    public Integer recipientCount;
    @Column(name = "sent_at")
    public Instant sentAt;

    void send(int recipients, Instant now) {
        if (!DRAFT.equals(status)) {
            throw ApiException.conflict("invalid_transition", "the campaign was sent already");
        }
        status = SENT;
        recipientCount = recipients;
        sentAt = now;
        updatedAt = now;
    }
}

package dev.slotwise.customer.campaign;

import java.time.Instant;

/** The campaign resource of CONTRACT §5; {@code recipientCount} and {@code sentAt} are null until it is sent. */
public record CampaignView(String id, String name, String channel, String message, String status,
        Integer recipientCount, Instant sentAt, Instant createdAt) {

    static CampaignView of(Campaign c) {
        return new CampaignView(c.id, c.name, c.channel, c.message, c.status, c.recipientCount, c.sentAt, c.createdAt);
    }
}

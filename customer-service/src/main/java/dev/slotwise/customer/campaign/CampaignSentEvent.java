package dev.slotwise.customer.campaign;

import java.time.Instant;

/** The data of campaign.sent (CONTRACT §7). */
record CampaignSentEvent(String campaignId, String name, String channel, int recipientCount, Instant sentAt) {

    static CampaignSentEvent of(Campaign c) {
        return new CampaignSentEvent(c.id, c.name, c.channel, c.recipientCount, c.sentAt);
    }
}

package dev.slotwise.customer.campaign;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.customer.customer.CustomerRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Marketing campaigns. Sending counts the tenant's customers with marketing consent at that moment, marks the
 * campaign sent and records campaign.sent, all in one transaction on the locked campaign: a second send (also a
 * racing one) is 409 {@code invalid_transition}.
 */
@ApplicationScoped
public class Campaigns {

    private final CampaignRepository campaigns;
    private final CustomerRepository customers;
    private final Outbox outbox;

    public Campaigns(CampaignRepository campaigns, CustomerRepository customers, Outbox outbox) {
        this.campaigns = campaigns;
        this.customers = customers;
        this.outbox = outbox;
    }

    Uni<Page<CampaignView>> list(String tenantId, PageRequest page) {
        return Panache.withSession(() -> campaigns.page(tenantId, page))
                .map(rows -> Page.of(rows, page, c -> c.id).map(CampaignView::of));
    }

    Uni<CampaignView> get(String tenantId, String id) {
        return Panache.withSession(() -> campaigns.require(tenantId, id)).map(CampaignView::of);
    }

    Uni<CampaignView> create(String tenantId, CampaignInput input) {
        return Panache.withTransaction(() -> {
            Campaign campaign = new Campaign();
            campaign.create(Ids.next(CampaignRepository.PREFIX), tenantId, now());
            campaign.name = input.name();
            campaign.channel = input.channel();
            campaign.message = input.message();
            campaign.status = Campaign.DRAFT;
            return campaigns.persist(campaign).map(CampaignView::of);
        });
    }

    Uni<CampaignView> send(String tenantId, String id) {
        return Panache.withTransaction(() -> campaigns.requireForUpdate(tenantId, id)
                .chain(campaign -> customers.count("tenantId = ?1 and marketingConsent = true", tenantId)
                        .chain(recipients -> {
                            campaign.send(Math.toIntExact(recipients), now());
                            return campaigns.flush()
                                    .chain(() -> outbox.record("campaign.sent", tenantId, campaign.id,
                                            CampaignSentEvent.of(campaign)))
                                    .map(event -> CampaignView.of(campaign));
                        })));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}

package dev.slotwise.customer.campaign;

import dev.slotwise.commons.tenant.TenantScopedRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Campaigns, always within one tenant. */
@ApplicationScoped
public class CampaignRepository implements TenantScopedRepository<Campaign> {

    static final String PREFIX = "cmp";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "campaign";
    }
}

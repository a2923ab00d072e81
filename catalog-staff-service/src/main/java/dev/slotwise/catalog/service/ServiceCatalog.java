package dev.slotwise.catalog.service;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The tenant's catalog of bookable services. Changes to it emit no event (CONTRACT §7 has none). */
@ApplicationScoped
public class ServiceCatalog {

    private final ServiceRepository services;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public ServiceCatalog(ServiceRepository services, JsonMergePatch mergePatch, EntityTags tags) {
        this.services = services;
        this.mergePatch = mergePatch;
        this.tags = tags;
    }

    @WithSession
    public Uni<Page<ServiceView>> list(String tenantId, PageRequest page) {
        return services.page(tenantId, page).map(rows -> Page.of(rows, page, s -> s.id).map(ServiceView::of));
    }

    @WithSession
    public Uni<ServiceView> get(String tenantId, String id) {
        return services.require(tenantId, id).map(ServiceView::of);
    }

    @WithTransaction
    public Uni<ServiceView> create(String tenantId, ServiceInput input) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        BookableService service = new BookableService();
        service.create(Ids.next(ServiceRepository.PREFIX), tenantId, now);
        service.apply(input);
        return services.persist(service).map(ServiceView::of);
    }

    /** Applies a merge patch when {@code ifMatch} (null: no condition) still matches the service. */
    @WithTransaction
    public Uni<ServiceView> update(String tenantId, String id, JsonNode patch, String ifMatch) {
        return services.requireForUpdate(tenantId, id).map(service -> {
            tags.requireMatch(ifMatch, ServiceView.of(service));
            service.apply(mergePatch.apply(ServiceInput.of(service), patch, ServiceInput.class));
            service.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return ServiceView.of(service);
        });
    }
}

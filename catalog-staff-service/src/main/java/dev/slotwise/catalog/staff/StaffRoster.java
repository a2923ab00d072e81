package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.catalog.location.Locations;
import dev.slotwise.catalog.service.ServiceRepository;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The tenant's staff and their attendance. Check-in and check-out lock the row, so two racing check-ins give one
 * 200 and one 409, and each emits its event through the outbox in the same transaction.
 */
@ApplicationScoped
public class StaffRoster {

    private final StaffRepository staff;
    private final ServiceRepository services;
    private final Locations locations;
    private final JsonMergePatch mergePatch;
    private final Outbox outbox;
    private final EntityTags tags;

    public StaffRoster(StaffRepository staff, ServiceRepository services, Locations locations, JsonMergePatch mergePatch, Outbox outbox,
                       EntityTags tags) {
        this.tags = tags;
        this.staff = staff;
        this.services = services;
        this.locations = locations;
        this.mergePatch = mergePatch;
        this.outbox = outbox;
    }

    @WithSession
    public Uni<Page<StaffView>> list(String tenantId, PageRequest page) {
        return staff.page(tenantId, page).map(rows -> Page.of(rows, page, s -> s.id).map(StaffView::of));
    }

    @WithSession
    public Uni<StaffView> get(String tenantId, String id) {
        return staff.require(tenantId, id).map(StaffView::of);
    }

    @WithTransaction
    public Uni<StaffView> create(String tenantId, StaffInput input) {
        return servicesChecked(tenantId, input).chain(checked -> {
            StaffMember member = new StaffMember();
            member.create(Ids.next(StaffRepository.PREFIX), tenantId, now());
            member.apply(checked);
            return staff.persist(member).map(StaffView::of);
        });
    }

    /** Applies a merge patch when {@code ifMatch} (null: no condition) still matches the member. */
    @WithTransaction
    public Uni<StaffView> update(String tenantId, String id, JsonNode patch, String ifMatch) {
        return staff.requireForUpdate(tenantId, id).chain(member -> {
            tags.requireMatch(ifMatch, StaffView.of(member));
            StaffInput wanted = mergePatch.apply(StaffInput.of(member), patch, StaffInput.class);
            return servicesChecked(tenantId, wanted).map(checked -> {
                member.apply(checked);
                member.updatedAt = now();
                return StaffView.of(member);
            });
        });
    }

    /**
     * {@code input} when every service id it names is a service of the tenant and its location one of the tenant's;
     * a 422 naming each other one.
     */
    private Uni<StaffInput> servicesChecked(String tenantId, StaffInput input) {
        return locations.requireKnown(tenantId, input.locationId(), "locationId")
                .chain(() -> serviceIdsChecked(tenantId, input));
    }

    private Uni<StaffInput> serviceIdsChecked(String tenantId, StaffInput input) {
        List<String> named = input.serviceIdsOrNone();
        if (named.isEmpty()) {
            return Uni.createFrom().item(input);
        }
        return services.idsAmong(tenantId, named).map(found -> {
            List<FieldError> errors = new ArrayList<>();
            for (int i = 0; i < input.serviceIds().size(); i++) {
                if (!found.contains(input.serviceIds().get(i))) {
                    errors.add(new FieldError("serviceIds[" + i + "]", "is not a service of this business"));
                }
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalid(errors);
            }
            return input;
        });
    }

    @WithTransaction
    public Uni<StaffView> checkIn(String tenantId, String id) {
        return attend(tenantId, id, true);
    }

    @WithTransaction
    public Uni<StaffView> checkOut(String tenantId, String id) {
        return attend(tenantId, id, false);
    }

    /** Checks in ({@code arriving}) or out: only from the other state, recorded with its event. */
    private Uni<StaffView> attend(String tenantId, String id, boolean arriving) {
        return staff.requireForUpdate(tenantId, id).chain(member -> {
            if (member.checkedIn == arriving) {
                throw arriving ? ApiException.conflict("already_checked_in", "the staff member is already checked in")
                        : ApiException.conflict("not_checked_in", "the staff member is not checked in");
            }
            Instant now = now();
            member.checkedIn = arriving;
            if (arriving) {
                member.lastCheckInAt = now;
            } else {
                member.lastCheckOutAt = now;
            }
            member.updatedAt = now;
            return record(arriving ? "staff.checkin" : "staff.checkout", member, now);
        });
    }

    private Uni<StaffView> record(String type, StaffMember member, Instant at) {
        return staff.flush()
                .chain(() -> outbox.record(type, member.tenantId, member.id, new AttendanceEvent(member.id, member.name, at)))
                .replaceWith(StaffView.of(member));
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}

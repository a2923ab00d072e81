package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.panache.common.Parameters;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * When a staff member works (CONTRACT §14): the weekly working hours, read and replaced whole, and the periods of
 * time off.
 */
@ApplicationScoped
public class StaffSchedule {

    private final StaffRepository staff;
    private final TimeOffRepository timeOff;
    private final ObjectMapper json;

    public StaffSchedule(StaffRepository staff, TimeOffRepository timeOff, ObjectMapper json) {
        this.staff = staff;
        this.timeOff = timeOff;
        this.json = json;
    }

    @WithSession
    public Uni<WorkingHours> workingHours(String tenantId, String id) {
        return staff.require(tenantId, id).map(member -> WorkingHours.read(json, member.workingHours));
    }

    /** Replaces the member's hours with {@code hours} (already checked) and answers what is stored. */
    @WithTransaction
    public Uni<WorkingHours> replaceWorkingHours(String tenantId, String id, WorkingHours hours) {
        return staff.requireForUpdate(tenantId, id).map(member -> {
            member.workingHours = hours.write(json);
            member.updatedAt = now();
            return hours;
        });
    }

    /** Records time off of the member; {@code endsAt} must be after {@code startsAt} (422 otherwise). */
    @WithTransaction
    public Uni<TimeOffView> addTimeOff(String tenantId, String staffId, TimeOffInput input) {
        // compared as stored (milliseconds), so that the table's check constraint can never be what refuses it
        Instant startsAt = input.startsAt().truncatedTo(ChronoUnit.MILLIS);
        Instant endsAt = input.endsAt().truncatedTo(ChronoUnit.MILLIS);
        if (!endsAt.isAfter(startsAt)) {
            return Uni.createFrom().failure(ApiException.invalid("endsAt", "must be after startsAt"));
        }
        return staff.require(tenantId, staffId).chain(member -> {
            TimeOff period = new TimeOff();
            period.create(Ids.next(TimeOffRepository.PREFIX), tenantId, now());
            period.staffId = member.id;
            period.startsAt = startsAt;
            period.endsAt = endsAt;
            period.reason = input.reason();
            return timeOff.persist(period).map(TimeOffView::of);
        });
    }

    /** The member's time off, newest first. */
    @WithSession
    public Uni<Page<TimeOffView>> timeOff(String tenantId, String staffId, PageRequest page) {
        return staff.require(tenantId, staffId).chain(member -> timeOff.page(tenantId, page, " and staffId = :staff",
                        Parameters.with("staff", member.id)))
                .map(rows -> Page.of(rows, page, t -> t.id).map(TimeOffView::of));
    }

    /** Removes one period of the member's time off; another member's or tenant's is not found. */
    @WithTransaction
    public Uni<Void> removeTimeOff(String tenantId, String staffId, String timeOffId) {
        return timeOff.require(tenantId, timeOffId).chain(period -> {
            if (!period.staffId.equals(staffId)) {
                return Uni.createFrom().failure(ApiException.notFound("time off"));
            }
            return timeOff.delete(period);
        });
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}

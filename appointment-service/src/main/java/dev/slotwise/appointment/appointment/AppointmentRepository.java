package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** Appointments, always within one tenant. */
@ApplicationScoped
public class AppointmentRepository implements TenantScopedRepository<Appointment> {

    static final String PREFIX = "appt";
    /** The exclusion constraint that keeps occupied ranges apart (V2__booking_rules.sql). */
    static final String NO_OVERLAP = "appointments_no_overlap";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "appointment";
    }

    Uni<List<Appointment>> page(String tenantId, AppointmentFilter filter, PageRequest page) {
        Parameters parameters = new Parameters();
        return page(tenantId, page, filter.conditions(parameters), parameters);
    }

    /**
     * Takes, until the transaction ends, the lock of one staff member's local day: every booking or reschedule onto
     * that day under a daily limit takes it before it counts the day, so two of them count one after the other and
     * never both see room for one more (a hash collision only makes two unrelated days wait for each other).
     */
    Uni<Void> lockDay(String tenantId, String staffId, LocalDate day) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                        "select pg_advisory_xact_lock(hashtextextended(:key, 35))")
                .setParameter("key", tenantId + "/" + staffId + "/" + day)
                .getSingleResult()).replaceWithVoid();
    }

    /**
     * The appointments that count toward a staff member's limit on the local day {@code [dayStart, dayEnd)): every
     * one not cancelled (booked, no-show or completed), but {@code moving}. Read after {@link #lockDay}, in a
     * statement of its own, so it sees every booking of that day that committed while this one waited.
     */
    Uni<Long> countOnDay(String tenantId, String staffId, Instant dayStart, Instant dayEnd, String moving) {
        return Panache.getSession().chain(session -> session.createNativeQuery("""
                        select count(*) from appointments
                        where tenant_id = :tenant and staff_id = :staff and status <> 'cancelled'
                          and starts_at >= :from and starts_at < :to and id <> :moving""", Long.class)
                .setParameter("tenant", tenantId)
                .setParameter("staff", staffId)
                .setParameter("from", dayStart)
                .setParameter("to", dayEnd)
                .setParameter("moving", moving == null ? "" : moving)
                .getSingleResult());
    }
}

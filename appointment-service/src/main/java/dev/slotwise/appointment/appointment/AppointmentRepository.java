package dev.slotwise.appointment.appointment;

import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** Appointments, always within one tenant. */
@ApplicationScoped
public class AppointmentRepository implements TenantScopedRepository<Appointment> {

    static final String PREFIX = "appt";

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
}

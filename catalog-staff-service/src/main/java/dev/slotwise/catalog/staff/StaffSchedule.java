package dev.slotwise.catalog.staff;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** When a staff member works (CONTRACT §14): the weekly working hours, read and replaced whole. */
@ApplicationScoped
public class StaffSchedule {

    private final StaffRepository staff;
    private final ObjectMapper json;

    public StaffSchedule(StaffRepository staff, ObjectMapper json) {
        this.staff = staff;
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
            member.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return WorkingHours.read(json, member.workingHours);
        });
    }
}

package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.metadata.Metadata;
import dev.slotwise.commons.metadata.ValidMetadata;
import dev.slotwise.commons.outbox.Outbox;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * {@code PATCH /api/v1/appointments/{id}} with {@code metadata} alone (CONTRACT §19): merged key by key into the
 * appointment's metadata, in any status — it is not a reschedule, so no rule is asked and nothing else changes. It
 * announces {@code appointment.updated} like any change. {@code ifMatch} (null: no condition) must match.
 */
@ApplicationScoped
class MetadataChange {

    private final AppointmentRepository appointments;
    private final Outbox outbox;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    MetadataChange(AppointmentRepository appointments, Outbox outbox, JsonMergePatch mergePatch, EntityTags tags) {
        this.appointments = appointments;
        this.outbox = outbox;
        this.mergePatch = mergePatch;
        this.tags = tags;
    }

    /** Whether the patch changes the metadata and nothing else. */
    static boolean only(JsonNode patch) {
        return patch.isObject() && patch.size() == 1 && patch.has("metadata");
    }

    Uni<AppointmentView> apply(Caller caller, String id, JsonNode patch, String ifMatch) {
        return Panache.withTransaction(() -> appointments.requireForUpdate(caller.tenantId(), id).chain(locked -> {
            tags.requireMatch(ifMatch, AppointmentView.of(locked));
            Labels merged = mergePatch.apply(new Labels(locked.metadata), patch, Labels.class);
            locked.metadata = Metadata.of(merged.metadata());
            locked.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return appointments.flush()
                    .chain(() -> outbox.record("appointment.updated", locked.tenantId, locked.id,
                            AppointmentEvent.of(locked, caller.timeZone())))
                    .replaceWith(AppointmentView.of(locked));
        }));
    }

    /** The one field such a patch may name. */
    record Labels(@ValidMetadata Map<String, String> metadata) {
    }
}

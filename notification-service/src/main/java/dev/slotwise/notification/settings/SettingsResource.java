package dev.slotwise.notification.settings;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.tenant.TenantContext;
import dev.slotwise.notification.directory.BusinessDirectory;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * {@code /api/v1/notification-settings} (CONTRACT §18): what e-mails a tenant's customers get and when. A change
 * applies to appointments booked from then on; reminders already planned keep their offsets.
 */
@Path("/api/v1/notification-settings")
@Produces(MediaType.APPLICATION_JSON)
public class SettingsResource {

    private final Pool pool;
    private final SettingsStore store;
    private final BusinessDirectory directory;
    private final TenantContext tenant;

    public SettingsResource(Pool pool, SettingsStore store, BusinessDirectory directory, TenantContext tenant) {
        this.pool = pool;
        this.store = store;
        this.directory = directory;
        this.tenant = tenant;
    }

    @GET
    @RolesAllowed("settings.read")
    public Uni<SettingsView> get() {
        String tenantId = tenant.tenantId();
        return store.read(pool, tenantId).chain(settings -> view(tenantId, settings));
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed("settings.write")
    public Uni<SettingsView> put(@Valid @NotNull(message = "is required") SettingsInput input) {
        String tenantId = tenant.tenantId();
        List<Integer> offsets = input.reminderMinutesBefore();
        if (offsets.stream().distinct().count() != offsets.size()) {
            throw ApiException.invalid("reminderMinutesBefore", "must not repeat an offset");
        }
        NotificationSettings settings = new NotificationSettings(input.emailEnabled(), input.senderName(),
                input.replyTo(), offsets.stream().sorted((a, b) -> b - a).toList());
        return store.write(pool, tenantId, settings).chain(() -> view(tenantId, settings));
    }

    private Uni<SettingsView> view(String tenantId, NotificationSettings settings) {
        Uni<String> senderName = settings.senderName() != null ? Uni.createFrom().item(settings.senderName())
                : directory.names(tenantId, List.of()).map(names -> names.businessName())
                        .onFailure().recoverWithNull();
        return senderName.map(name -> new SettingsView(settings.emailEnabled(), name, settings.replyTo(),
                settings.reminderMinutesBefore()));
    }
}

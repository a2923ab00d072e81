package dev.slotwise.gateway.user;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.pg.ConstraintViolations;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.tenant.TenantService;
import io.quarkus.elytron.security.common.BcryptUtil;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Tenant users. Passwords are hashed with bcrypt (cost 12, Quarkus' Elytron implementation) on a worker thread,
 * never on the event loop; one e-mail address per tenant, whatever its case (409 {@code user_email_taken}).
 */
@ApplicationScoped
public class TenantUsers {

    static final int BCRYPT_COST = 12;

    private final TenantService tenants;

    public TenantUsers(TenantService tenants) {
        this.tenants = tenants;
    }

    Uni<UserView> create(String tenantId, UserInput input) {
        Context requestContext = Vertx.currentContext();
        return Uni.createFrom().item(() -> BcryptUtil.bcryptHash(input.password(), BCRYPT_COST))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .emitOn(command -> requestContext.runOnContext(ignored -> command.run()))
                .chain(hash -> Panache.withTransaction(() -> tenants.existing(tenantId).chain(tenant -> {
                    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                    TenantUser user = new TenantUser();
                    user.create(Ids.next("usr"), tenantId, now);
                    user.email = input.email();
                    user.passwordHash = hash;
                    return user.<TenantUser>persist().call(user::flush).map(UserView::of);
                })))
                .onFailure(ConstraintViolations.of("tenant_users_email_key"))
                .transform(e -> ApiException.conflict("user_email_taken", "the tenant has a user with this e-mail address"));
    }

    Uni<List<UserView>> list(String tenantId) {
        return Panache.withSession(() -> tenants.existing(tenantId)
                .chain(tenant -> TenantUser.<TenantUser>list("tenantId = ?1 order by id", tenantId))
                .map(users -> users.stream().map(UserView::of).toList()));
    }
}

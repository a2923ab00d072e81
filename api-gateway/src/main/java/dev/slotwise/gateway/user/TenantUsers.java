package dev.slotwise.gateway.user;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.pg.ConstraintViolations;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.RequestBody;
import dev.slotwise.gateway.signin.PasswordChecks;
import dev.slotwise.gateway.tenant.TenantService;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * Tenant users and the operator's containment of them (CONTRACT §10). Passwords are hashed with bcrypt on the
 * password threads ({@link PasswordChecks}), never on an event loop; one e-mail address per tenant, whatever its case
 * (409 {@code user_email_taken}). Disabling a user, or setting a new password, ends the user's panel sessions at
 * once: {@code sessions_ended_at} moves to the database's now, and every session lookup compares its own password
 * time with it (a disabled user's sessions are refused as well).
 */
@ApplicationScoped
public class TenantUsers {

    private static final String VIEW = "id, tenant_id, email, disabled, created_at, last_sign_in_at";
    private static final String FIND = "select " + VIEW + " from tenant_users where tenant_id = $1 and id = $2";
    private static final String SET_DISABLED = """
            update tenant_users
               set disabled = $3, updated_at = now(),
                   sessions_ended_at = case when $3 then now() else sessions_ended_at end
             where tenant_id = $1 and id = $2
            returning\s""" + VIEW;
    private static final String SET_PASSWORD = """
            update tenant_users set password_hash = $3, updated_at = now(), sessions_ended_at = now()
             where tenant_id = $1 and id = $2
            returning\s""" + VIEW;

    private final TenantService tenants;
    private final PasswordChecks passwords;
    private final JsonMergePatch mergePatch;
    private final Pool pool;

    public TenantUsers(TenantService tenants, PasswordChecks passwords, JsonMergePatch mergePatch, Pool pool) {
        this.tenants = tenants;
        this.passwords = passwords;
        this.mergePatch = mergePatch;
        this.pool = pool;
    }

    Uni<UserView> create(String tenantId, UserInput input) {
        return hash(input.password())
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
                .chain(tenant -> TenantUser.<TenantUser>list("tenantId = ?1 order by id desc", tenantId))
                .map(users -> users.stream().map(UserView::of).toList()));
    }

    /** A merge patch of {@code disabled}: disabling ends the user's sessions and refuses their sign-in. */
    Uni<UserView> update(String tenantId, String userId, JsonNode patch) {
        RequestBody.requireMergePatch(patch);
        return existing(tenantId, userId).chain(user -> {
            UserPatch changed = mergePatch.apply(new UserPatch(user.disabled()), patch, UserPatch.class);
            return one(pool.preparedQuery(SET_DISABLED).execute(Tuple.of(tenantId, userId, changed.disabled())));
        });
    }

    /** A new password set by the operator; ends the user's sessions. */
    Uni<UserView> resetPassword(String tenantId, String userId, PasswordInput input) {
        return existing(tenantId, userId).chain(user -> hash(input.password()))
                .chain(hash -> one(pool.preparedQuery(SET_PASSWORD).execute(Tuple.of(tenantId, userId, hash))));
    }

    /** A bcrypt hash of a password, on the password threads; 429 while they are saturated. */
    private Uni<String> hash(String password) {
        return passwords.run(() -> PasswordChecks.hash(password))
                .onFailure(PasswordChecks.Saturated.class).transform(busy -> new ApiException(429, "rate_limited",
                        "passwords are being checked at capacity; retry shortly", List.of(),
                        Map.of("Retry-After", String.valueOf(PasswordChecks.RETRY_AFTER_SECONDS))));
    }

    private Uni<UserView> existing(String tenantId, String userId) {
        return one(pool.preparedQuery(FIND).execute(Tuple.of(tenantId, userId)));
    }

    private static Uni<UserView> one(Uni<RowSet<Row>> rows) {
        return rows.map(found -> {
            if (found.size() == 0) {
                throw ApiException.notFound("user");
            }
            return UserView.of(found.iterator().next());
        });
    }
}

package dev.slotwise.gateway.apikey;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.gateway.credential.CredentialStore;
import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.tenant.TenantService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;

@ApplicationScoped
public class ApiKeyService {

    private final TenantService tenants;
    private final CredentialStore credentials;

    public ApiKeyService(TenantService tenants, CredentialStore credentials) {
        this.tenants = tenants;
        this.credentials = credentials;
    }

    @WithTransaction
    public Uni<ApiKeyView> create(String tenantId, ApiKeyInput input) {
        for (int i = 0; i < input.scopes().size(); i++) {
            if (!Scopes.known(input.scopes().get(i))) {
                throw ApiException.invalid("scopes[" + i + "]", "is not a known scope");
            }
        }
        return tenants.existing(tenantId).chain(tenant -> {
            String plain = BearerSecrets.newKey();
            ApiKey key = new ApiKey();
            key.id = Ids.next("key");
            key.tenantId = tenant.id;
            key.name = input.name();
            key.scopes = String.join(" ", new LinkedHashSet<>(input.scopes()));
            key.keyHash = BearerSecrets.sha256(plain);
            key.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return key.<ApiKey>persist().map(saved -> ApiKeyView.of(saved, plain));
        });
    }

    @WithSession
    public Uni<List<ApiKeyView>> list(String tenantId) {
        return tenants.existing(tenantId)
                .chain(tenant -> ApiKey.<ApiKey>list("tenantId = :tenant order by id desc",
                        Parameters.with("tenant", tenantId)))
                .map(keys -> keys.stream().map(key -> ApiKeyView.of(key, null)).toList());
    }

    /** Revokes the key; repeating it is harmless. Every gateway replica refuses it within the cache TTL. */
    @WithTransaction
    public Uni<Void> revoke(String tenantId, String keyId) {
        return ApiKey.<ApiKey>find("tenantId = :tenant and id = :id",
                        Parameters.with("tenant", tenantId).and("id", keyId)).firstResult()
                .onItem().ifNull().failWith(() -> ApiException.notFound("API key"))
                .invoke(key -> {
                    if (key.revokedAt == null) {
                        key.revokedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
                    }
                    credentials.forget(key.keyHash);
                })
                .replaceWithVoid();
    }
}

package dev.slotwise.gateway.token;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.credential.Credential;
import dev.slotwise.gateway.proxy.ClientAddress;
import dev.slotwise.gateway.proxy.VertxProblems;
import dev.slotwise.gateway.ratelimit.AuthFailureLimiter;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * {@code POST /internal/v1/service-tokens}: an internal token for one tenant, minted for notification-service, which
 * sends e-mails long after the request that caused them and needs the business's and its services' names then. It
 * shows its secret ({@code Authorization: Bearer <SLOTWISE_NOTIFICATIONS_SERVICE_SECRET>}, compared in constant time)
 * and names a tenant ({@code {"tenantId": "ten_…"}}); the answer is {@code {token, expiresAt, tenantName}}. The token
 * is of kind {@code service} with the fixed read scopes {@link #SCOPES}: whoever holds the secret reads names and
 * schedules, and can change nothing. A wrong secret counts against the client address like a wrong API key
 * (CONTRACT §6). Not part of the public API (no client holds the secret); not registered when no secret is set.
 */
@Singleton
public class ServiceTokens {

    /** The id prefix of the credentials this mints; the subject is {@code int_notification}. */
    static final String SUBJECT_PREFIX = "int_";
    static final String SUBJECT = SUBJECT_PREFIX + "notification";
    /** What notification-service reads: services' names, staff (a feed is made only for one), the booking policy. */
    static final Set<String> SCOPES = Set.of("services.read", "staff.read", "settings.read");
    static final String PATH = "/internal/v1/service-tokens";
    private static final Logger LOG = Logger.getLogger(ServiceTokens.class);
    private static final String TENANT = "select name, plan, time_zone, rate_limit_per_hour from tenants where id = $1";
    private static final String BEARER = "Bearer ";

    private final Optional<byte[]> secret;
    private final InternalTokenIssuer issuer;
    private final Pool pool;
    private final AuthFailureLimiter failures;
    private final ClientAddress clientAddress;
    private final VertxProblems problems;
    private final ObjectMapper json;

    public ServiceTokens(GatewayConfig config, InternalTokenIssuer issuer, Pool pool, AuthFailureLimiter failures,
            VertxProblems problems, ObjectMapper json) {
        this.secret = config.gateway().notificationServiceSecret().filter(value -> !value.isBlank())
                .map(value -> value.getBytes(StandardCharsets.UTF_8));
        this.issuer = issuer;
        this.pool = pool;
        this.failures = failures;
        this.clientAddress = new ClientAddress(config.gateway().trustedProxies().orElse(List.of()));
        this.problems = problems;
        this.json = json;
    }

    void register(@Observes Router router) {
        if (secret.isEmpty()) {
            return;
        }
        // before Quarkus's authentication (-200), which would take the secret for a failed operator token
        router.post(PATH).order(-250).handler(BodyHandler.create().setBodyLimit(4096)).handler(this::mint);
    }

    private void mint(RoutingContext context) {
        if (!shownSecret(context.request().getHeader(HttpHeaders.AUTHORIZATION))) {
            failures.recordFailure(clientAddress.of(context.request())).onComplete(
                    blocked -> problems.send(context, blocked > 0 ? new ApiException(429, "rate_limited",
                            "too many failed authentications from this address; try again in " + blocked + " s",
                            List.of(), Map.of("Retry-After", String.valueOf(blocked))) : unauthenticated()),
                    failure -> problems.send(context, unauthenticated()));
            return;
        }
        String tenantId = tenantOf(context);
        if (!Ids.looksLike("ten", tenantId)) {
            problems.send(context, ApiException.malformed("the body must be {\"tenantId\": \"ten_…\"}"));
            return;
        }
        pool.preparedQuery(TENANT).execute(Tuple.of(tenantId)).subscribe().with(rows -> {
            if (rows.size() == 0) {
                problems.send(context, ApiException.notFound("tenant"));
                return;
            }
            Row tenant = rows.iterator().next();
            Credential credential = new Credential(SUBJECT, tenantId, SCOPES, tenant.getString("time_zone"),
                    tenant.getString("plan"), tenant.getInteger("rate_limit_per_hour"), null);
            InternalTokenIssuer.Minted minted = issuer.mint(credential);
            context.response().setStatusCode(200).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                    .end(json.createObjectNode().put("token", minted.token()).put("expiresAt", minted.expiresAt())
                            .put("tenantName", tenant.getString("name")).toString());
        }, failure -> {
            LOG.errorf("tenants unavailable for request %s: %s", RequestIds.of(context.request()), failure.toString());
            problems.send(context, ApiException.upstreamUnavailable("tenants cannot be read right now"));
        });
    }

    private boolean shownSecret(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return false;
        }
        byte[] shown = authorization.substring(BEARER.length()).trim().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(secret.orElseThrow(), shown);
    }

    private String tenantOf(RoutingContext context) {
        try {
            JsonNode body = json.readTree(context.body().buffer() == null ? new byte[0] : context.body().buffer().getBytes());
            return body == null ? null : body.path("tenantId").asText(null);
        } catch (IOException malformed) {
            return null;
        }
    }

    private static ApiException unauthenticated() {
        return new ApiException(401, "unauthenticated", "a valid bearer token is required", List.of(),
                Map.of("WWW-Authenticate", "Bearer"));
    }
}

package dev.slotwise.gateway;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code slotwise.*} settings of the gateway. */
@ConfigMapping(prefix = "slotwise")
public interface GatewayConfig {

    /** The operator token of the admin API ({@code SLOTWISE_ADMIN_TOKEN}). */
    String adminToken();

    InternalToken internalToken();

    Gateway gateway();

    RateLimit rateLimit();

    interface RateLimit {
        Plans plans();

        /** Redis to count in, shared by every gateway instance ({@code redis://host:port}); unset: in memory. */
        Optional<String> redisUrl();

        /**
         * How long a request waits for Redis to count it (and for a connection to Redis). Long enough that a pause of
         * Redis or of the gateway (a GC, a loaded machine) changes nothing: counting stays exact. A refused or lost
         * connection, or no answer in this time, is an outage, and this instance then counts in its own memory for a
         * while rather than make requests wait for an unreachable store.
         */
        @WithDefault("5s")
        Duration redisTimeout();

        /**
         * With Redis: the most counts of a tenant's quota one instance claims in one round trip and hands out from its
         * memory (a sixteenth of what is left, at least one: one each near the limit). 1 counts every request in Redis.
         */
        @WithDefault("100")
        long leaseBlock();

        /**
         * With Redis: how long an instance holds claimed counts it has not used before giving them back, which bounds
         * how long counts held by one instance can refuse another's request early.
         */
        @WithDefault("1s")
        Duration leaseHold();

        /** Failed authentications one client address may have within a minute before it gets 429. */
        @WithDefault("30")
        int authFailuresPerMinute();

        interface Plans {
            @WithDefault("100")
            long free();

            @WithDefault("5000")
            long pro();

            /** Enterprise tenants without a contract limit of their own (fair use). */
            @WithDefault("100000")
            long enterprise();
        }
    }

    interface InternalToken {
        /** PKCS#8 RSA private key, base64 (DER) or PEM, that signs internal tokens. */
        String privateKey();

        /** The matching X.509 public key (base64 or PEM); services verify with it. */
        String publicKey();

        @WithDefault("https://gateway.slotwise.internal")
        String issuer();

        @WithDefault("slotwise-services")
        String audience();

        /** Lifetime of one internal token; it is reused for a credential until shortly before it expires. */
        @WithDefault("5m")
        Duration lifetime();
    }

    interface Gateway {
        /** Base URL of each owning service, by route-table name. */
        Map<String, URI> services();

        /** How long a verified credential is trusted before it is looked up again (bounds revocation delay). */
        @WithDefault("500ms")
        Duration credentialCacheTtl();

        @WithDefault("2s")
        Duration upstreamConnectTimeout();

        /**
         * Load balancers in front of the gateway whose {@code X-Forwarded-For} is believed (CIDRs); the client address
         * of the per-address limits is read from it only for requests that come from one of them.
         */
        Optional<List<String>> trustedProxies();

        /**
         * The gateway's public base URL as clients reach it ({@code https://api.example.com}): the OAuth issuer
         * ({@code iss}) and the base of the endpoints in the authorization server's metadata. Unset: the scheme and
         * host of each request, which suits a gateway reached at one address (the local stack).
         */
        Optional<URI> publicUrl();

        /**
         * The secret notification-service shows to have internal tokens minted for it, one tenant at a time, with
         * read scopes only ({@code SLOTWISE_NOTIFICATIONS_SERVICE_SECRET}; see {@code ServiceTokens}). Unset: none
         * are minted, and the service's e-mails name services by id.
         */
        Optional<String> notificationServiceSecret();

        /** The longest an upstream may take to answer before the client gets 503 upstream_unavailable. */
        @WithDefault("30s")
        Duration upstreamTimeout();
    }
}

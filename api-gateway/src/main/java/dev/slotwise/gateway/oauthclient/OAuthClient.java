package dev.slotwise.gateway.oauthclient;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A marketplace application registered by the operator: where it may send users back (exact URIs) and which scopes
 * it may ask for. A confidential client's secret is kept only as its SHA-256 (it is 256 random bits, so a fast hash
 * suffices, as for API keys).
 */
@Entity
@Table(name = "oauth_clients")
public class OAuthClient extends PanacheEntityBase {

    @Id
    public String id;
    @Column(nullable = false)
    public String name;
    /** Space-separated, each exactly as registered. */
    @Column(name = "redirect_uris", nullable = false)
    public String redirectUris;
    @Column(nullable = false)
    public String scopes;
    @Column(nullable = false)
    public boolean confidential;
    @Column(name = "secret_hash")
    public byte[] secretHash;
    /** Set while the operator has the application disabled (CONTRACT §10); null when it is enabled. */
    @Column(name = "disabled_at")
    public Instant disabledAt;
    @Column(name = "created_at", nullable = false, updatable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}

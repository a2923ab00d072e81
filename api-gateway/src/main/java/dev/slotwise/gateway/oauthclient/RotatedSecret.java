package dev.slotwise.gateway.oauthclient;

/** The answer to rotating a confidential client's secret: the new secret, shown this once. */
public record RotatedSecret(String clientSecret) {
}

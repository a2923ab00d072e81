package dev.slotwise.gateway.oauth;

import java.util.List;

/** A new access and refresh token pair, shown to the client once; only their hashes are stored. */
public record IssuedTokens(String accessToken, String refreshToken, List<String> scopes, long expiresInSeconds) {
}

package dev.slotwise.gateway.idempotency;

import java.util.Map;

/** The first answer to an idempotent request, as it is replayed: status, end-to-end headers, body. */
public record StoredAnswer(int status, Map<String, String> headers, byte[] body) {
}

package dev.slotwise.gateway.idempotency;

/** What claiming an Idempotency-Key found. */
public sealed interface Claim {

    /** The key is this request's now: forward it, then store or release its answer. */
    record Owned() implements Claim {
    }

    /** The first request with this key has finished: replay its answer. */
    record Finished(StoredAnswer answer) implements Claim {
    }

    /** The first request with this key is still running (409 idempotency_key_in_use). */
    record Running() implements Claim {
    }

    /** The key was used with another request (422 idempotency_key_reused). */
    record Reused() implements Claim {
    }
}

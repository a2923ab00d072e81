package dev.slotwise.gateway.signin;

import java.util.List;

/** What a sign-in attempt came to. */
public sealed interface SignInOutcome {

    /** The password is right for these accounts (one address may be a user of several businesses), newest first. */
    record Verified(List<SignInAccount> accounts) implements SignInOutcome {
    }

    /** Wrong e-mail address or password; which of the two is never said. */
    record Refused() implements SignInOutcome {
    }

    /** Too many failures for the account or from the address: nothing was verified. */
    record Throttled(long retryAfterSeconds) implements SignInOutcome {
    }
}

package dev.slotwise.gateway.signin;

import java.time.OffsetDateTime;
import java.util.List;

/** What a sign-in attempt came to. */
public sealed interface SignInOutcome {

    /**
     * The password is right for these accounts (one address may be a user of several businesses), newest first.
     * {@code passwordReadAt} is when the verified password hashes were read: a session started from this sign-in is
     * over if the password was changed, or every session ended, after that moment.
     */
    record Verified(List<SignInAccount> accounts, OffsetDateTime passwordReadAt) implements SignInOutcome {
    }

    /** Wrong e-mail address or password, or a disabled user; which of these is never said. */
    record Refused() implements SignInOutcome {
    }

    /**
     * Nothing was verified: the account or the client address has no attempts left in its window, or ({@code busy})
     * every password thread is taken.
     */
    record Throttled(long retryAfterSeconds, boolean busy) implements SignInOutcome {

        /** What the person reads. */
        public String message() {
            if (busy) {
                return "Signing in is busy right now. Try again in a few seconds.";
            }
            long minutes = Math.max(1, (retryAfterSeconds + 59) / 60);
            return "Too many failed sign-ins. Try again in " + minutes + (minutes == 1 ? " minute." : " minutes.");
        }
    }
}

package dev.slotwise.gateway.oauth;

/** What approving a consent came to ({@link Grants#approve}). */
public sealed interface Approval {

    /** The approval is recorded; the authorization code for the application (single use, 10 minutes). */
    record Approved(String code) implements Approval {
    }

    /** Nothing recorded: the application was disabled meanwhile (CONTRACT §10). */
    record ApplicationDisabled() implements Approval {
    }

    /**
     * Nothing recorded: since the person signed in for this consent, the user was disabled or their sessions were
     * ended (a new password, "sign out everywhere"). The sign-in no longer speaks for them, as an expired one would not.
     */
    record SignInEnded() implements Approval {
    }
}

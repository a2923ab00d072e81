package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.GatewayConfig;
import dev.slotwise.gateway.proxy.ClientAddress;
import dev.slotwise.gateway.signin.SignIn;
import dev.slotwise.gateway.signin.SignInOutcome;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * A signed-in user enters their password again (the Account page, minting an API key): checked by {@link SignIn}
 * against that user alone, under the sign-in limits, so a wrong password here counts as a failed sign-in of the
 * account and a stolen session cannot guess it faster than the sign-in page allows. A right password renews the
 * session's re-authentication time.
 */
@ApplicationScoped
public class PasswordConfirmation {

    private final SignIn signIn;
    private final PanelSessions sessions;
    private final ClientAddress clientAddress;

    public PasswordConfirmation(SignIn signIn, PanelSessions sessions, GatewayConfig config) {
        this.signIn = signIn;
        this.sessions = sessions;
        this.clientAddress = new ClientAddress(config.gateway().trustedProxies().orElse(List.of()));
    }

    public Uni<SignInOutcome> confirm(PanelSession session, String password, HttpServerRequest http) {
        return signIn.confirm(session.userId(), session.email(), password, clientAddress.of(http))
                .call(outcome -> outcome instanceof SignInOutcome.Verified verified
                        ? sessions.reauthenticated(session, verified.passwordReadAt())
                        : Uni.createFrom().voidItem());
    }
}

package dev.slotwise.gateway.signin;

import dev.slotwise.gateway.ratelimit.AuthFailureLimiter;
import io.quarkus.elytron.security.common.BcryptUtil;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * A tenant user's sign-in with e-mail address and password, shared by the OAuth consent flow and the tenant panel.
 * Refused before anything is verified while the account is locked ({@link AccountThrottle}) or the client address has
 * failed too often this minute (CONTRACT §6); a failure counts against both. Passwords are checked with bcrypt on a
 * worker thread; an address nobody uses costs the same time as a wrong password, so timing tells nothing. One address
 * may belong to users of several businesses: every account the password is right for is returned, newest first.
 */
@ApplicationScoped
public class SignIn {

    private static final Logger LOG = Logger.getLogger(SignIn.class);
    /** At most this many accounts are tried for one address (each bcrypt check costs about a quarter second). */
    static final int MAX_ACCOUNTS = 5;
    private static final String ACCOUNTS = """
            select u.id, u.tenant_id, u.email, u.password_hash, t.name
              from tenant_users u join tenants t on t.id = u.tenant_id
             where lower(u.email) = lower($1)
             order by u.created_at desc, u.id desc
             limit %d""".formatted(MAX_ACCOUNTS);
    private static final Supplier<String> DECOY_HASH = new Supplier<>() {
        private volatile String hash;

        @Override
        public String get() {
            if (hash == null) {
                hash = BcryptUtil.bcryptHash("decoy password, never anyone's", 12);
            }
            return hash;
        }
    };

    private final Pool pool;
    private final AccountThrottle accounts;
    private final AuthFailureLimiter addresses;

    public SignIn(Pool pool, AccountThrottle accounts, AuthFailureLimiter addresses) {
        this.pool = pool;
        this.accounts = accounts;
        this.addresses = addresses;
    }

    public Uni<SignInOutcome> attempt(String email, String password, String clientAddress) {
        if (email == null || email.isBlank() || password == null || password.isEmpty()
                || email.length() > 320 || password.length() > 1024) {
            return Uni.createFrom().item(new SignInOutcome.Refused());
        }
        return Uni.createFrom().completionStage(() -> addresses.blockedSeconds(clientAddress).toCompletionStage())
                .onFailure().recoverWithItem(0L)
                .chain(addressBlocked -> addressBlocked > 0
                        ? Uni.createFrom().item(new SignInOutcome.Throttled(addressBlocked))
                        : accounts.lockedForSeconds(email).chain(accountLocked -> accountLocked > 0
                                ? Uni.createFrom().item(new SignInOutcome.Throttled(accountLocked))
                                : verify(email, password, clientAddress)));
    }

    private Uni<SignInOutcome> verify(String email, String password, String clientAddress) {
        Context requestContext = Vertx.currentContext();
        return pool.preparedQuery(ACCOUNTS).execute(Tuple.of(email.trim()))
                .chain(rows -> {
                    List<Row> candidates = new ArrayList<>();
                    rows.forEach(candidates::add);
                    return Uni.createFrom().item(() -> matching(candidates, password))
                            .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                            .emitOn(command -> {
                                if (requestContext == null) {
                                    command.run();
                                } else {
                                    requestContext.runOnContext(ignored -> command.run());
                                }
                            });
                })
                .chain(verified -> verified.isEmpty()
                        ? failed(email, clientAddress)
                        : accounts.forget(email).replaceWith(new SignInOutcome.Verified(verified)));
    }

    private Uni<SignInOutcome> failed(String email, String clientAddress) {
        Uni<Long> addressBlocked = Uni.createFrom()
                .completionStage(() -> addresses.recordFailure(clientAddress).toCompletionStage())
                .onFailure().recoverWithItem(0L);
        return accounts.recordFailure(email).chain(locked -> addressBlocked.map(blocked -> {
            if (locked > 0) {
                LOG.warnf("sign-in locked for %d s for one account after %d failed attempts",
                        locked, AccountThrottle.ALLOWED_FAILURES + 1);
            }
            return new SignInOutcome.Refused();
        }));
    }

    /** Runs on a worker thread: bcrypt is deliberately slow. */
    private static List<SignInAccount> matching(List<Row> candidates, String password) {
        if (candidates.isEmpty()) {
            BcryptUtil.matches(password, DECOY_HASH.get());
            return List.of();
        }
        List<SignInAccount> verified = new ArrayList<>();
        for (Row row : candidates) {
            if (BcryptUtil.matches(password, row.getString("password_hash"))) {
                verified.add(new SignInAccount(row.getString("id"), row.getString("tenant_id"), row.getString("name"),
                        row.getString("email")));
            }
        }
        return verified;
    }
}

package dev.slotwise.gateway.signin;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.elytron.security.common.BcryptUtil;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * A tenant user's sign-in with e-mail address and password, shared by the OAuth consent flow and the tenant panel, and
 * the same check when a signed-in user enters their password again (the Account page, minting a key). Each attempt is
 * counted against the client address ({@link AddressThrottle}) and the account ({@link AccountThrottle}) before its
 * password is checked, and refused without a check when either has no room left; a wrong password is a failure of
 * both, a right one takes the attempt back. Passwords are checked on the password threads ({@link PasswordChecks});
 * an address nobody uses, or a disabled user, costs the same time as a wrong password and gets the same answer. One
 * address may belong to users of several businesses: every account the password is right for is returned, newest
 * first. Counters {@code slotwise_sign_in_checks_total{outcome=right|wrong}} and
 * {@code slotwise_sign_in_refused_total{reason=limit|busy}} tell an operator how much guessing goes on.
 */
@ApplicationScoped
public class SignIn {

    private static final Logger LOG = Logger.getLogger(SignIn.class);
    /** At most this many accounts are tried for one address (each bcrypt check costs about a quarter second). */
    static final int MAX_ACCOUNTS = 5;
    private static final String COLUMNS = """
            select u.id, u.tenant_id, u.email, u.password_hash, t.name, now() as read_at
              from tenant_users u join tenants t on t.id = u.tenant_id""";
    private static final String BY_EMAIL = COLUMNS + """

             where lower(u.email) = lower($1) and not u.disabled
             order by u.created_at desc, u.id desc
             limit %d""".formatted(MAX_ACCOUNTS);
    private static final String BY_ID = COLUMNS + "\n where u.id = $1 and not u.disabled";
    private static final String SIGNED_IN = "update tenant_users set last_sign_in_at = now() where id = any($1)";
    private static final Supplier<String> DECOY_HASH = new Supplier<>() {
        private volatile String hash;

        @Override
        public String get() {
            if (hash == null) {
                hash = PasswordChecks.hash("decoy password, never anyone's");
            }
            return hash;
        }
    };

    /** The user rows a password is checked against, and when they were read. */
    private record Candidates(List<Row> rows, OffsetDateTime readAt) {
    }

    /** One admitted attempt: its place in the address's and the account's budget. */
    private record Attempt(AttemptBudget.Ticket address, AttemptBudget.Ticket account) {
    }

    private final Pool pool;
    private final AccountThrottle accounts;
    private final AddressThrottle addresses;
    private final PasswordChecks checks;
    private final Counter right;
    private final Counter wrong;
    private final Counter limited;
    private final Counter busy;

    public SignIn(Pool pool, AccountThrottle accounts, AddressThrottle addresses, PasswordChecks checks,
            MeterRegistry registry) {
        this.pool = pool;
        this.accounts = accounts;
        this.addresses = addresses;
        this.checks = checks;
        this.right = checkCounter(registry, "right");
        this.wrong = checkCounter(registry, "wrong");
        this.limited = refusalCounter(registry, "limit");
        this.busy = refusalCounter(registry, "busy");
    }

    /** A sign-in: the accounts with this e-mail address whose password this is. */
    public Uni<SignInOutcome> attempt(String email, String password, String clientAddress) {
        if (!plausible(email, password)) {
            return Uni.createFrom().item(new SignInOutcome.Refused());
        }
        return checked(email, clientAddress, password, () -> pool.preparedQuery(BY_EMAIL).execute(Tuple.of(email.trim())))
                .call(outcome -> outcome instanceof SignInOutcome.Verified verified
                        ? pool.preparedQuery(SIGNED_IN).execute(Tuple.of(verified.accounts().stream()
                                .map(SignInAccount::userId).toArray(String[]::new)))
                        : Uni.createFrom().voidItem());
    }

    /**
     * A signed-in user enters their password again: checked against that user alone, with the same limits as a
     * sign-in (a stolen session must not become a way to guess the password). Not a sign-in: last sign-in stays.
     */
    public Uni<SignInOutcome> confirm(String userId, String email, String password, String clientAddress) {
        if (!plausible(email, password)) {
            return Uni.createFrom().item(new SignInOutcome.Refused());
        }
        return checked(email, clientAddress, password, () -> pool.preparedQuery(BY_ID).execute(Tuple.of(userId)));
    }

    private static boolean plausible(String email, String password) {
        return email != null && !email.isBlank() && password != null && !password.isEmpty()
                && email.length() <= 320 && password.length() <= 1024;
    }

    private Uni<SignInOutcome> checked(String email, String clientAddress, String password,
            Supplier<Uni<RowSet<Row>>> lookup) {
        return addresses.admit(clientAddress).chain(byAddress -> {
            if (!byAddress.admitted()) {
                return refused(byAddress.retryAfterSeconds());
            }
            return accounts.admit(AccountThrottle.subject(email)).chain(byAccount -> {
                if (!byAccount.admitted()) {
                    return addresses.release(byAddress.ticket()).chain(() -> refused(byAccount.retryAfterSeconds()));
                }
                Attempt attempt = new Attempt(byAddress.ticket(), byAccount.ticket());
                return lookup.get().map(SignIn::candidates)
                        .chain(candidates -> checks.run(() -> matching(candidates.rows(), password))
                                .chain(verified -> verified.isEmpty() ? failed(attempt)
                                        : succeeded(attempt, verified, candidates.readAt())))
                        .onFailure(PasswordChecks.Saturated.class).recoverWithUni(() -> {
                            busy.increment();
                            return release(attempt).replaceWith(new SignInOutcome.Throttled(
                                    PasswordChecks.RETRY_AFTER_SECONDS, true));
                        });
            });
        });
    }

    private Uni<SignInOutcome> refused(long retryAfterSeconds) {
        limited.increment();
        return Uni.createFrom().item(new SignInOutcome.Throttled(retryAfterSeconds, false));
    }

    private Uni<SignInOutcome> succeeded(Attempt attempt, List<SignInAccount> verified, OffsetDateTime readAt) {
        right.increment();
        return release(attempt).replaceWith(new SignInOutcome.Verified(verified, readAt));
    }

    private Uni<SignInOutcome> failed(Attempt attempt) {
        wrong.increment();
        return accounts.failed(attempt.account()).chain(accountLocked -> addresses.failed(attempt.address())
                .map(addressLocked -> {
                    if (accountLocked > 0) {
                        LOG.warnf("sign-in locked for %d s for one account after %d failed attempts",
                                accountLocked, AccountThrottle.ALLOWED_FAILURES + 1);
                    }
                    if (addressLocked > 0) {
                        LOG.warnf("sign-in refused for %d s for one client address after too many failed attempts",
                                addressLocked);
                    }
                    return new SignInOutcome.Refused();
                }));
    }

    private Uni<Void> release(Attempt attempt) {
        return accounts.release(attempt.account()).chain(() -> addresses.release(attempt.address()));
    }

    private static Candidates candidates(RowSet<Row> rows) {
        List<Row> found = new ArrayList<>();
        rows.forEach(found::add);
        return new Candidates(found, found.isEmpty() ? null : found.get(0).getOffsetDateTime("read_at"));
    }

    /** Runs on a password thread: bcrypt is deliberately slow. */
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

    private static Counter checkCounter(MeterRegistry registry, String outcome) {
        return Counter.builder("slotwise.sign_in.checks")
                .description("Passwords checked at sign-in or re-authentication, by outcome")
                .tag("outcome", outcome).register(registry);
    }

    private static Counter refusalCounter(MeterRegistry registry, String reason) {
        return Counter.builder("slotwise.sign_in.refused")
                .description("Sign-ins refused before any password was checked: limit (account or address) or busy")
                .tag("reason", reason).register(registry);
    }
}

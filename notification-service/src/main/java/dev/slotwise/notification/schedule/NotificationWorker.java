package dev.slotwise.notification.schedule;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.slotwise.commons.outbox.Outbox;
import dev.slotwise.commons.trace.TraceParents;
import dev.slotwise.notification.NotificationsConfig;
import dev.slotwise.notification.directory.BusinessDirectory;
import dev.slotwise.notification.directory.BusinessNames;
import dev.slotwise.notification.mail.Composer;
import dev.slotwise.notification.mail.Letter;
import dev.slotwise.notification.mail.LetterContent;
import dev.slotwise.notification.mail.MailSender;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jboss.logging.Logger;

/**
 * Sends what the schedule says is due, on every replica at once: a claim leases due rows to this replica
 * ({@code FOR UPDATE SKIP LOCKED}, so two replicas never take the same row), each is decided and sent with no
 * transaction open, and its outcome written. Before the SMTP conversation the row records that sending began: a row
 * whose replica died after that is failed, not sent again, so that no e-mail goes out twice (CONTRACT §18: at most
 * once per appointment, kind and offset); every other due row of a dead replica is taken over within seconds.
 * A reminder's {@code appointment.reminder_due} goes into the outbox once, in the statement that marks it emitted,
 * whether or not an e-mail follows. A failed send is tried again after 1, 5 and 30 minutes, then {@code failed};
 * a refusal that will not change (a 5xx reply, an invalid address, a template that cannot render) fails at once.
 * New rows wake it in-process; a poll finds rows falling due.
 */
@ApplicationScoped
public class NotificationWorker {

    private static final Logger LOG = Logger.getLogger(NotificationWorker.class);
    static final String INTERRUPTED = "sending was interrupted (the replica sending it stopped); it is not sent again,"
            + " so that it never arrives twice";
    private static final Duration WAIT_FOR_CUSTOMER = Duration.ofSeconds(5);
    private static final String CLAIM = """
            with due as (
                select n.id from notifications n
                where n.status = 'scheduled' and n.next_attempt_at <= now()
                  and (n.leased_by is null
                       or (n.leased_by = $1 and not (n.id = any($4)))
                       or not exists (select 1 from notifier_replicas r
                                      where r.id = n.leased_by and r.seen_at > now() - make_interval(secs => $3)))
                order by n.next_attempt_at
                limit $2
                for update of n skip locked)
            update notifications n set leased_by = $1 from due where n.id = due.id
            returning n.id, n.tenant_id, n.appointment_id, n.customer_id, n.kind, n.minutes_before, n.attempt_count,
                n.sending_since, n.event_emitted, n.scheduled_for, n.trace_parent""";
    private static final String CONTEXT = """
            select a.status, a.starts_at, a.ends_at, a.time_zone, a.sequence, a.service_ids, a.data,
                c.id is not null as customer_known, c.first_name, c.email, coalesce(c.opt_out, false) as opt_out,
                coalesce(c.erased, false) as erased,
                coalesce(s.email_enabled, true) as email_enabled, s.sender_name, s.reply_to
            from appointments a
            left join customers c on c.id = $2 and c.tenant_id = a.tenant_id
            left join notification_settings s on s.tenant_id = a.tenant_id
            where a.id = $1""";
    private static final String EMITTED = "update notifications set event_emitted = true where id = $1 and not event_emitted";
    private static final String SENDING = """
            update notifications set sending_since = now(), recipient = $3 where id = $1 and leased_by = $2""";
    private static final String FINISH = """
            update notifications set status = $3, error = $4, recipient = coalesce($5, recipient),
                sent_at = case when $3 = 'sent' then now() end, attempt_count = attempt_count + $6,
                leased_by = null, sending_since = null
            where id = $1 and leased_by = $2""";
    private static final String LATER = """
            update notifications set next_attempt_at = now() + make_interval(secs => $3), error = $4,
                attempt_count = attempt_count + $5, leased_by = null, sending_since = null
            where id = $1 and leased_by = $2""";
    private static final String HAND_BACK = """
            update notifications set leased_by = null where leased_by = $1 and sending_since is null""";

    private final Pool pool;
    private final Vertx vertx;
    private final ObjectMapper json;
    private final Outbox outbox;
    private final NotifierReplica replica;
    private final BusinessDirectory directory;
    private final Composer composer;
    private final MailSender sender;
    private final NotificationMetrics metrics;
    private final Tracer tracer;
    private final NotificationsConfig config;
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean claiming = new AtomicBoolean();
    private volatile boolean again;
    private volatile boolean stopping;
    private long poll = -1;

    public NotificationWorker(Pool pool, Vertx vertx, ObjectMapper json, Outbox outbox, NotifierReplica replica,
            BusinessDirectory directory, Composer composer, MailSender sender, NotificationMetrics metrics,
            Tracer tracer, NotificationsConfig config) {
        this.pool = pool;
        this.vertx = vertx;
        this.json = json;
        this.outbox = outbox;
        this.replica = replica;
        this.directory = directory;
        this.composer = composer;
        this.sender = sender;
        this.metrics = metrics;
        this.tracer = tracer;
        this.config = config;
    }

    void start(@Observes StartupEvent event) {
        poll = vertx.setPeriodic(config.pollInterval().toMillis(), tick -> pump());
    }

    /** Stops claiming, hands back what it holds and has not begun sending, lets sends under way finish, leaves. */
    void stop(@Observes ShutdownEvent event) {
        stopping = true;
        vertx.cancelTimer(poll);
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!inFlight.isEmpty() && System.nanoTime() < until) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            pool.preparedQuery(HAND_BACK).execute(Tuple.of(replica.id())).await().atMost(Duration.ofSeconds(5));
            replica.leave().await().atMost(Duration.ofSeconds(5));
        } catch (RuntimeException e) {
            LOG.warnf("leaving the schedule: %s", e.toString());
        }
    }

    /** Something may be due now (an event was applied): look at once. */
    public void wake() {
        again = true;
        pump();
    }

    private void pump() {
        if (stopping || !claiming.compareAndSet(false, true)) {
            return;
        }
        again = false;
        int room = Math.min(config.claimBatch(), config.maxInFlight() - inFlight.size());
        if (room <= 0) {
            claiming.set(false);
            return;
        }
        pool.preparedQuery(CLAIM)
                .execute(Tuple.of(replica.id(), room, config.replicaTimeout().toSeconds(),
                        inFlight.toArray(String[]::new)))
                .subscribe().with(rows -> {
                    for (Row row : rows) {
                        Claimed claimed = Claimed.of(row);
                        inFlight.add(claimed.id());
                        process(claimed).subscribe().with(done -> finished(claimed), failure -> {
                            LOG.warnf("notification %s not settled: %s", claimed.id(), failure.toString());
                            finished(claimed);
                        });
                    }
                    claiming.set(false);
                    if (rows.rowCount() == room || again) {
                        pump();
                    }
                }, failure -> {
                    claiming.set(false);
                    LOG.debugf("claiming due notifications failed: %s", failure.toString());
                });
    }

    private void finished(Claimed claimed) {
        inFlight.remove(claimed.id());
        if (inFlight.size() <= config.maxInFlight() / 2) {
            pump();
        }
    }

    private Uni<Void> process(Claimed claimed) {
        if (claimed.interrupted()) {
            return finish(claimed, "failed", INTERRUPTED, null, 1);
        }
        return pool.preparedQuery(CONTEXT).execute(Tuple.of(claimed.appointmentId(), claimed.customerId()))
                .chain(rows -> rows.iterator().hasNext() ? decide(claimed, rows.iterator().next())
                        : finish(claimed, "skipped", "the appointment is not known", null, 0));
    }

    private Uni<Void> decide(Claimed claimed, Row context) {
        String status = context.getString("status");
        boolean booked = "booked".equals(status);
        Uni<Void> event = claimed.kind() == Kind.REMINDER && booked && !claimed.eventEmitted()
                ? reminderDue(claimed, context) : Uni.createFrom().voidItem();
        return event.chain(() -> {
            String email = context.getString("email");
            if (claimed.kind() != Kind.CANCELLED && !booked) {
                return finish(claimed, "skipped", "the appointment is " + status, null, 0);
            }
            if (!context.getBoolean("email_enabled")) {
                return finish(claimed, "skipped", "e-mail is turned off in the notification settings", null, 0);
            }
            if (!context.getBoolean("customer_known")) {
                return Instant.now().isBefore(claimed.scheduledFor().plus(config.customerGrace()))
                        ? later(claimed, WAIT_FOR_CUSTOMER, null, 0)
                        : finish(claimed, "skipped", "the customer is not known", null, 0);
            }
            if (context.getBoolean("erased")) {
                return finish(claimed, "skipped", "the customer was erased", null, 0);
            }
            if (context.getBoolean("opt_out")) {
                return finish(claimed, "skipped", "the customer opted out of notifications", null, 0);
            }
            if (email == null) {
                return finish(claimed, "skipped", "the customer has no e-mail address", null, 0);
            }
            if (!EmailAddresses.valid(email)) {
                return finish(claimed, "failed", "the customer's e-mail address is not a valid address", email, 1);
            }
            List<String> services = Arrays.asList(context.getArrayOfStrings("service_ids"));
            return directory.names(claimed.tenantId(), services)
                    .onItemOrFailure().transformToUni((names, failure) -> failure != null
                            ? failedAttempt(claimed, "the business's details could not be read: " + failure.getMessage(), false)
                            : write(claimed, context, names, email));
        });
    }

    private Uni<Void> write(Claimed claimed, Row context, BusinessNames names, String email) {
        String senderName = context.getString("sender_name") != null ? context.getString("sender_name")
                : names.businessName();
        Letter letter;
        try {
            letter = composer.write(new LetterContent(claimed.kind(), claimed.appointmentId(),
                    context.getInteger("sequence"), senderName, context.getString("first_name"), names.serviceNames(),
                    context.getOffsetDateTime("starts_at").toInstant(), context.getOffsetDateTime("ends_at").toInstant(),
                    context.getString("time_zone"), names.policyText(), claimed.minutesBefore(), sender.fromAddress(),
                    email));
        } catch (Composer.UnwritableLetter e) {
            return finish(claimed, "failed", e.getMessage(), email, 1);
        }
        return pool.preparedQuery(SENDING).execute(Tuple.of(claimed.id(), replica.id(), email))
                .chain(marked -> marked.rowCount() == 0 ? Uni.createFrom().voidItem()
                        : send(claimed, letter, senderName, email, context.getString("reply_to")));
    }

    private Uni<Void> send(Claimed claimed, Letter letter, String senderName, String email, String replyTo) {
        Span span = tracer.spanBuilder("notification send")
                .setParent(TraceParents.context(claimed.traceParent()))
                .setSpanKind(SpanKind.CLIENT)
                .setAttribute("slotwise.notification.id", claimed.id())
                .setAttribute("slotwise.notification.kind", claimed.kind().value())
                .setAttribute("slotwise.notification.attempt", claimed.attemptCount() + 1L)
                .startSpan();
        return sender.send(letter, senderName, email, replyTo)
                .onItemOrFailure().transformToUni((sent, failure) -> {
                    if (failure == null) {
                        span.end();
                        LOG.debugf("notification %s (%s) handed to SMTP", claimed.id(), claimed.kind().value());
                        return finish(claimed, "sent", null, null, 1);
                    }
                    span.setStatus(StatusCode.ERROR, failure.getClass().getSimpleName());
                    span.end();
                    return failedAttempt(claimed, "SMTP: " + failure.getMessage(), MailSender.refusedForGood(failure));
                });
    }

    private Uni<Void> failedAttempt(Claimed claimed, String error, boolean forGood) {
        int attempts = claimed.attemptCount() + 1;
        List<Duration> delays = config.retryDelays();
        LOG.warnf("notification %s (%s), attempt %d failed%s", claimed.id(), claimed.kind().value(), attempts,
                forGood ? " for good" : "");
        if (forGood || attempts > delays.size()) {
            return finish(claimed, "failed", forGood ? error : error + " (gave up after " + attempts + " attempts)",
                    null, 1);
        }
        metrics.outcome(claimed.kind(), "retried");
        return later(claimed, delays.get(attempts - 1), error, 1);
    }

    private Uni<Void> reminderDue(Claimed claimed, Row context) {
        ObjectNode data = json.valueToTree(context.getJsonObject("data").getMap());
        data.put("minutesBefore", claimed.minutesBefore());
        Tuple parameters = Tuple.of(claimed.id());
        outbox.appendEvent(parameters.getDelegate(), "appointment.reminder_due", claimed.tenantId(),
                claimed.appointmentId(), data);
        return durably(pool.preparedQuery(Outbox.withEvent(EMITTED, 1)).execute(parameters))
                .invoke(outbox::committed).replaceWithVoid();
    }

    private Uni<Void> finish(Claimed claimed, String status, String error, String recipient, int attempts) {
        metrics.outcome(claimed.kind(), status);
        return durably(pool.preparedQuery(FINISH).execute(Tuple.from(new Object[] {claimed.id(), replica.id(),
                status, error, recipient, attempts}))).replaceWithVoid();
    }

    private Uni<Void> later(Claimed claimed, Duration wait, String error, int attempts) {
        return durably(pool.preparedQuery(LATER).execute(Tuple.from(new Object[] {claimed.id(), replica.id(),
                wait.toMillis() / 1000.0, error, attempts}))).replaceWithVoid();
    }

    /** An outcome is written through a database outage of up to a minute, so that it is not sent again. */
    private static Uni<RowSet<Row>> durably(Uni<RowSet<Row>> statement) {
        return statement.onFailure().retry().withBackOff(Duration.ofMillis(500), Duration.ofSeconds(2))
                .expireIn(60_000);
    }
}

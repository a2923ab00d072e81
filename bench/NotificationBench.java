import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.BodyPart;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * notification-service measured as a business sees it (CONTRACT §18, issue 38), through a running stack whose services
 * send to the SMTP server this process runs (GreenMail on {@code smtpPort}; bench/notifications.sh starts both):
 *
 * <ol>
 *   <li>A burst of bookings through the gateway (16 clients at once, {@code -Dclients}; distinct staff and times;
 *       a 503 retried as a client would): for each, the time
 *       from the API's 201 to its confirmation arriving at the SMTP server (p50, p99, max). Target: p99 ≤ 30 s.
 *   <li>Reminders due in the same minute: as many staff members as appointments, all booked for the same start, with
 *       a reminder 15 minutes before it; from the moment they fall due, how long until the last has arrived, and
 *       whether each arrived exactly once (counted by the invitation's UID). Target: all within 2 minutes, none
 *       twice, none missing.
 * </ol>
 *
 * Runs as a source file on the local stack's class path (for GreenMail):
 * {@code java -cp <classpath> bench/NotificationBench.java <gateway> <operator-token> <smtpPort> [bookings] [reminders]}.
 */
public class NotificationBench {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([a-z]+_[0-9a-z]+)\"");
    private static final Pattern KEY = Pattern.compile("\"key\"\\s*:\\s*\"(swk_[0-9a-f]+)\"");
    private static final Pattern UID = Pattern.compile("UID:(appt_[0-9a-z]+)@slotwise");
    private static final int CLIENTS = Integer.getInteger("clients", 16);
    private static final String[] DAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};

    private final String gateway;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    private final GreenMail smtp;
    private String key;
    private String service;
    private final List<String> customers = new ArrayList<>();

    NotificationBench(String gateway, int smtpPort) {
        this.gateway = gateway;
        this.smtp = new GreenMail(new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    }

    public static void main(String[] args) throws Exception {
        NotificationBench bench = new NotificationBench(args[0], Integer.parseInt(args[2]));
        int bookings = args.length > 3 ? Integer.parseInt(args[3]) : 2000;
        int reminders = args.length > 4 ? Integer.parseInt(args[4]) : 10000;
        bench.smtp.start();
        try {
            bench.setUp(args[1]);
            if (bookings > 0) {
                bench.confirmations(bookings);
            }
            if (reminders > 0) {
                bench.reminders(reminders);
            }
        } finally {
            bench.smtp.stop();
            bench.clients.shutdownNow();
        }
    }

    private void setUp(String operatorToken) throws Exception {
        String tenant = id(send("POST", "/admin/v1/tenants", operatorToken,
                "{\"name\":\"Bench Salon\",\"plan\":\"pro\",\"timeZone\":\"UTC\"}", 201));
        Matcher minted = KEY.matcher(send("POST", "/admin/v1/tenants/" + tenant + "/api-keys", operatorToken,
                "{\"name\":\"bench\",\"scopes\":[\"customers.write\",\"services.write\",\"staff.write\","
                        + "\"appointments.write\",\"appointments.read\",\"settings.write\"]}", 201));
        if (!minted.find()) {
            throw new IllegalStateException("no key minted");
        }
        key = minted.group(1);
        service = id(send("POST", "/api/v1/services", key,
                "{\"name\":\"Cut\",\"durationMinutes\":15,\"price\":{\"amount\":3000,\"currency\":\"EUR\"}}", 201));
        customers.addAll(all(50, i -> "{\"firstName\":\"Guest" + i + "\",\"email\":\"guest" + i + "@bench.example\"}",
                i -> "/api/v1/customers"));
    }

    /** Scenario 1: a burst of bookings, each confirmation's time from the booking's 201 to the SMTP server. */
    private void confirmations(int bookings) throws Exception {
        int staffCount = 40;
        List<String> staff = staff(staffCount);
        LocalDate first = LocalDate.now(ZoneOffset.UTC).plusDays(3);
        Map<String, Long> bookedAt = new ConcurrentHashMap<>();
        long started = System.nanoTime();
        book(bookings, i -> {
            int slot = i / staffCount;
            Instant start = first.plusDays(slot / 40).atTime(2, 0).toInstant(ZoneOffset.UTC)
                    .plus(Duration.ofMinutes(30L * (slot % 40)));
            return new Booking(staff.get(i % staffCount), customers.get(i % customers.size()), start);
        }, bookedAt);
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("burst: %d bookings in %.1f s (%.0f/s)%n", bookedAt.size(), seconds, bookedAt.size() / seconds);
        Map<String, List<Long>> arrived = awaitMail("Confirmed: ", bookedAt.keySet(), Duration.ofMinutes(5));
        List<Long> latencies = new ArrayList<>();
        int missing = 0;
        for (Map.Entry<String, Long> booking : bookedAt.entrySet()) {
            List<Long> times = arrived.get(booking.getKey());
            if (times == null) {
                missing++;
            } else {
                latencies.add(Collections.min(times) - booking.getValue());
            }
        }
        Collections.sort(latencies);
        System.out.printf("confirmations: %d arrived, %d missing, %d twice; booking 201 → SMTP p50 %.1f s, p99 %.1f s, "
                        + "max %.1f s (target p99 ≤ 30 s)%n", latencies.size(), missing, twice(arrived),
                percentile(latencies, 50) / 1000.0, percentile(latencies, 99) / 1000.0,
                latencies.isEmpty() ? 0 : latencies.get(latencies.size() - 1) / 1000.0);
    }

    /** Scenario 2: reminders all due at one moment; how long until each arrived, and that each came once. */
    private void reminders(int count) throws Exception {
        send("PUT", "/api/v1/notification-settings", key, "{\"emailEnabled\":true,\"senderName\":null,"
                + "\"replyTo\":null,\"reminderMinutesBefore\":[15]}", 200);
        long setUp = System.nanoTime();
        List<String> staff = staff(count);
        // one start for all (each with a staff member of its own), far enough ahead that every booking and its
        // confirmation is done before the reminders fall due; never across midnight (a 15-minute service)
        Instant start = Instant.now().plus(Duration.ofMinutes(15 + Long.getLong("lead", 20))).truncatedTo(ChronoUnit.MINUTES);
        if (start.atZone(ZoneOffset.UTC).getHour() == 23 && start.atZone(ZoneOffset.UTC).getMinute() >= 45) {
            start = start.plus(Duration.ofMinutes(20));
        }
        Instant startsAt = start;
        Map<String, Long> bookedAt = new ConcurrentHashMap<>();
        book(count, i -> new Booking(staff.get(i), customers.get(i % customers.size()), startsAt), bookedAt);
        Instant due = startsAt.minus(Duration.ofMinutes(15));
        System.out.printf("reminders: %d staff and %d bookings made in %.0f s; all due at %s (in %d s)%n",
                staff.size(), bookedAt.size(), (System.nanoTime() - setUp) / 1e9, due,
                Duration.between(Instant.now(), due).toSeconds());
        if (Instant.now().isAfter(due)) {
            System.out.println("reminders: set-up took longer than the lead (-Dlead=<minutes>): the run does not count");
        }
        Map<String, List<Long>> arrived = awaitMail("Reminder: ", bookedAt.keySet(),
                Duration.between(Instant.now(), due).plus(Duration.ofMinutes(6)));
        long last = arrived.values().stream().flatMap(List::stream).mapToLong(Long::longValue).max().orElse(0);
        List<Long> afterDue = new ArrayList<>();
        arrived.values().forEach(times -> afterDue.add(Collections.min(times) - due.toEpochMilli()));
        Collections.sort(afterDue);
        int missing = (int) bookedAt.keySet().stream().filter(id -> !arrived.containsKey(id)).count();
        System.out.printf("reminders: %d arrived, %d missing, %d more than once; due → SMTP p50 %.1f s, p99 %.1f s, "
                        + "last %.1f s after they fell due (target: all within 120 s, each exactly once)%n",
                arrived.size(), missing, twice(arrived), percentile(afterDue, 50) / 1000.0,
                percentile(afterDue, 99) / 1000.0, (last - due.toEpochMilli()) / 1000.0);
    }

    private record Booking(String staff, String customer, Instant startsAt) {
    }

    private void book(int count, IntFunction<Booking> booking, Map<String, Long> bookedAt) throws Exception {
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger retried = new AtomicInteger();
        List<Future<?>> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Booking b = booking.apply(i);
            sent.add(clients.submit(() -> {
                String body = "{\"customerId\":\"" + b.customer() + "\",\"serviceId\":\"" + service + "\",\"staffId\":\""
                        + b.staff() + "\",\"startsAt\":\"" + b.startsAt() + "\"}";
                // a 503 says "try again shortly" (appointment-service's breakers open under a burst): a client does
                HttpResponse<String> answer = http.send(request("POST", "/api/v1/appointments", key, body),
                        HttpResponse.BodyHandlers.ofString());
                for (int attempt = 1; answer.statusCode() == 503 && attempt <= 20; attempt++) {
                    retried.incrementAndGet();
                    Thread.sleep(250L * attempt);
                    answer = http.send(request("POST", "/api/v1/appointments", key, body),
                            HttpResponse.BodyHandlers.ofString());
                }
                long at = System.currentTimeMillis();
                if (answer.statusCode() == 201) {
                    bookedAt.put(id(answer.body()), at);
                } else if (refused.getAndIncrement() < 3) {
                    System.out.println("booking refused: " + answer.statusCode() + " " + answer.body());
                }
                return null;
            }));
        }
        for (Future<?> future : sent) {
            future.get();
        }
        if (refused.get() > 0 || retried.get() > 0) {
            System.out.println(refused.get() + " bookings refused, " + retried.get() + " retries after a 503");
        }
    }

    /** {@code count} staff members, each working every day all day. */
    private List<String> staff(int count) throws Exception {
        StringBuilder weekly = new StringBuilder("{\"weekly\":[");
        for (int d = 0; d < DAYS.length; d++) {
            weekly.append(d == 0 ? "" : ",").append("{\"day\":\"").append(DAYS[d])
                    .append("\",\"start\":\"00:00\",\"end\":\"24:00\"}");
        }
        String hours = weekly.append("]}").toString();
        List<String> staff = all(count, i -> "{\"name\":\"Stylist " + i + "\"}", i -> "/api/v1/staff");
        List<Future<?>> sent = new ArrayList<>();
        for (String member : staff) {
            sent.add(clients.submit(() -> send("PUT", "/api/v1/staff/" + member + "/working-hours", key, hours, 200)));
        }
        for (Future<?> future : sent) {
            future.get();
        }
        return staff;
    }

    /** Creates {@code count} resources concurrently; their ids in order. */
    private List<String> all(int count, IntFunction<String> body, IntFunction<String> path) throws Exception {
        List<Future<String>> made = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int n = i;
            made.add(clients.submit(() -> id(send("POST", path.apply(n), key, body.apply(n), 201))));
        }
        List<String> ids = new ArrayList<>();
        for (Future<String> id : made) {
            ids.add(id.get());
        }
        return ids;
    }

    /**
     * Waits until every appointment of {@code expected} has a message whose subject starts with {@code subject} (or
     * {@code within} has passed); answers each appointment's arrival times (ms) of such messages, by invitation UID.
     * GreenMail lists its messages mailbox by mailbox, so a new one may come anywhere in the list: each message is
     * read once, known by identity (the server hands out the same object for a stored message every time).
     */
    private Map<String, List<Long>> awaitMail(String subject, java.util.Set<String> expected, Duration within)
            throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        Map<String, List<Long>> arrived = new HashMap<>();
        java.util.Set<MimeMessage> read = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (true) {
            collect(subject, expected, read, arrived);
            if (arrived.keySet().containsAll(expected) || System.nanoTime() > deadline) {
                // a little longer, so that a second copy of any of them would be seen too
                Thread.sleep(arrived.keySet().containsAll(expected) ? 5000 : 0);
                collect(subject, expected, read, arrived);
                return arrived;
            }
            Thread.sleep(200);
        }
    }

    private void collect(String subject, java.util.Set<String> expected, java.util.Set<MimeMessage> read,
                         Map<String, List<Long>> arrived) throws Exception {
        for (MimeMessage message : smtp.getReceivedMessages()) {
            if (!read.add(message) || message.getSubject() == null || !message.getSubject().startsWith(subject)) {
                continue;
            }
            String uid = uid(message);
            if (uid != null && expected.contains(uid)) {
                arrived.computeIfAbsent(uid, u -> new ArrayList<>()).add(message.getReceivedDate().getTime());
            }
        }
    }

    /** The appointment id in the invitation's UID (the text/calendar part, decoded). */
    private static String uid(MimeMessage message) throws Exception {
        Object content = message.getContent();
        if (!(content instanceof Multipart multipart)) {
            return null;
        }
        for (int i = 0; i < multipart.getCount(); i++) {
            BodyPart part = multipart.getBodyPart(i);
            if (part.getContentType().toLowerCase().startsWith("text/calendar")) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                try (InputStream in = part.getInputStream()) {
                    in.transferTo(bytes);
                }
                Matcher uid = UID.matcher(bytes.toString(StandardCharsets.UTF_8));
                return uid.find() ? uid.group(1) : null;
            }
        }
        return null;
    }

    private static int twice(Map<String, List<Long>> arrived) {
        return (int) arrived.values().stream().filter(times -> times.size() > 1).count();
    }

    private static long percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private String send(String method, String path, String token, String body, int expected) throws Exception {
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> answer = http.send(request(method, path, token, body), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == expected) {
                return answer.body();
            }
            if (answer.statusCode() != 503 || attempt == 3) {
                throw new IllegalStateException(method + " " + path + " → " + answer.statusCode() + " " + answer.body());
            }
        }
    }

    private HttpRequest request(String method, String path, String token, String body) {
        return HttpRequest.newBuilder(URI.create(gateway + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static String id(String body) {
        Matcher id = ID.matcher(body);
        if (!id.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return id.group(1);
    }
}

package dev.slotwise.gateway.proxy;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The access lines as the console's JSON formatter writes a log record ({@code timestamp}, {@code loggerName},
 * {@code level}, {@code message}, {@code threadName}, {@code mdc} and the configured additional fields), put together
 * by hand on the thread that answered and written to standard output in batches by a thread of their own. Through
 * the logging framework, the generic formatter and a write and flush per line on the event loop cost the gateway
 * 13.5 % of its CPU per request (bench/README.md, 2026-11-27). A line waits at most {@link #IDLE_PAUSE_NANOS} before
 * it is written; when {@link #MAX_WAITING} lines already wait, the answering thread writes its own (a line is never
 * dropped). Writes hold the stream's lock, as the console handler's do, so lines never interleave.
 */
final class AccessLines {

    static final int MAX_WAITING = 65_536;
    static final long IDLE_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    private static final int BATCH_BYTES = 64 * 1024;

    private final OutputStream out;
    private final String loggerName;
    private final List<Map.Entry<String, String>> additionalFields;
    private final Queue<String> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger count = new AtomicInteger();

    AccessLines(OutputStream out, String loggerName, Map<String, String> additionalFields) {
        this.out = out;
        this.loggerName = loggerName;
        this.additionalFields = List.copyOf(additionalFields.entrySet());
    }

    /** Starts the writing thread (a daemon; what waits is written when the JVM shuts down). */
    AccessLines start() {
        Thread writer = new Thread(this::writeForever, "slotwise-access-lines");
        writer.setDaemon(true);
        writer.start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::drain, "slotwise-access-lines-drain"));
        return this;
    }

    /** Queues one line at INFO, with the logging context of the calling thread. */
    void info(String message, Map<String, ?> mdc) {
        String line = format(Instant.now(), "INFO", message, Thread.currentThread().getName(), mdc);
        if (count.incrementAndGet() > MAX_WAITING) {
            count.decrementAndGet();
            write(List.of(line));
            return;
        }
        waiting.add(line);
    }

    /** One line of JSON, ending in a newline, with the fields in the order the console's formatter writes them. */
    String format(Instant at, String level, String message, String threadName, Map<String, ?> mdc) {
        StringBuilder json = new StringBuilder(320).append("{\"timestamp\":\"").append(at).append("\",\"loggerName\":");
        quote(json, loggerName).append(",\"level\":\"").append(level).append("\",\"message\":");
        quote(json, message).append(",\"threadName\":");
        quote(json, threadName).append(",\"mdc\":{");
        boolean first = true;
        for (Map.Entry<String, ?> entry : mdc.entrySet()) {
            if (entry.getValue() == null) {
                continue;
            }
            quote(first ? json : json.append(','), entry.getKey()).append(':');
            quote(json, entry.getValue().toString());
            first = false;
        }
        json.append('}');
        for (Map.Entry<String, String> field : additionalFields) {
            quote(json.append(','), field.getKey()).append(':');
            quote(json, field.getValue());
        }
        return json.append("}\n").toString();
    }

    /** Writes whatever waits; answers whether anything did. */
    boolean drain() {
        List<String> batch = new ArrayList<>();
        for (String line; (line = waiting.poll()) != null; ) {
            batch.add(line);
        }
        if (batch.isEmpty()) {
            return false;
        }
        count.addAndGet(-batch.size());
        write(batch);
        return true;
    }

    private void writeForever() {
        while (true) {
            try {
                if (!drain()) {
                    LockSupport.parkNanos(IDLE_PAUSE_NANOS);
                }
            } catch (RuntimeException e) {
                // standard output gone (a closed pipe): nothing else can be told; keep the queue from growing
                LockSupport.parkNanos(IDLE_PAUSE_NANOS);
            }
        }
    }

    private void write(List<String> lines) {
        StringBuilder chunk = new StringBuilder(Math.min(BATCH_BYTES, lines.size() * 320));
        synchronized (out) {
            try {
                for (String line : lines) {
                    if (chunk.length() + line.length() > BATCH_BYTES && chunk.length() > 0) {
                        out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
                        chunk.setLength(0);
                    }
                    chunk.append(line);
                }
                out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static StringBuilder quote(StringBuilder json, String text) {
        json.append('"');
        JsonStringEncoder.getInstance().quoteAsString(text, json);
        return json.append('"');
    }
}

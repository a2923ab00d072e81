package dev.slotwise.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.zip.GZIPInputStream;

/**
 * A stand-in for an OpenTelemetry collector in tests: accepts OTLP/HTTP trace exports ({@code POST /v1/traces},
 * protobuf, as Quarkus's exporter sends them) on loopback and keeps every span, with its service's name. Reads the
 * protobuf wire format itself (the handful of fields a test looks at), so it needs no generated classes.
 */
public final class OtlpReceiver implements AutoCloseable {

    /** One received span. {@code kind}: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
    public record ReceivedSpan(String service, String traceId, String spanId, String parentSpanId, String name,
            int kind, Map<String, String> attributes) {
    }

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    private OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                byte[] bytes = body.readAllBytes();
                if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                    bytes = new GZIPInputStream(new ByteArrayInputStream(bytes)).readAllBytes();
                }
                readExport(bytes);
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            } catch (RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "otlp-receiver");
            thread.setDaemon(true);
            return thread;
        }));
        server.start();
    }

    public static OtlpReceiver start() {
        try {
            return new OtlpReceiver();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The base URL to give as {@code OTEL_EXPORTER_OTLP_ENDPOINT}. */
    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<ReceivedSpan> spans() {
        return List.copyOf(spans);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** ExportTraceServiceRequest: 1 resource_spans. */
    private void readExport(byte[] bytes) {
        for (Field field : Field.all(bytes)) {
            if (field.number() == 1) {
                readResourceSpans(field.bytes());
            }
        }
    }

    /** ResourceSpans: 1 resource (1 attributes), 2 scope_spans (2 spans). */
    private void readResourceSpans(byte[] bytes) {
        String service = "";
        List<byte[]> scopes = new ArrayList<>();
        for (Field field : Field.all(bytes)) {
            if (field.number() == 1) {
                service = attributes(field.bytes(), 1).getOrDefault("service.name", "");
            } else if (field.number() == 2) {
                scopes.add(field.bytes());
            }
        }
        for (byte[] scope : scopes) {
            for (Field field : Field.all(scope)) {
                if (field.number() == 2) {
                    spans.add(readSpan(service, field.bytes()));
                }
            }
        }
    }

    /** Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 6 kind, 9 attributes. */
    private static ReceivedSpan readSpan(String service, byte[] bytes) {
        String traceId = "";
        String spanId = "";
        String parent = "";
        String name = "";
        int kind = 0;
        for (Field field : Field.all(bytes)) {
            switch (field.number()) {
                case 1 -> traceId = HexFormat.of().formatHex(field.bytes());
                case 2 -> spanId = HexFormat.of().formatHex(field.bytes());
                case 4 -> parent = HexFormat.of().formatHex(field.bytes());
                case 5 -> name = new String(field.bytes(), StandardCharsets.UTF_8);
                case 6 -> kind = (int) field.varint();
                default -> { }
            }
        }
        return new ReceivedSpan(service, traceId, spanId, parent, name, kind, attributes(bytes, 9));
    }

    /** The repeated KeyValue field {@code number} of a message (1 key, 2 AnyValue), each value as text. */
    private static Map<String, String> attributes(byte[] message, int number) {
        Map<String, String> attributes = new LinkedHashMap<>();
        for (Field field : Field.all(message)) {
            if (field.number() != number) {
                continue;
            }
            String key = null;
            String value = null;
            for (Field part : Field.all(field.bytes())) {
                if (part.number() == 1) {
                    key = new String(part.bytes(), StandardCharsets.UTF_8);
                } else if (part.number() == 2) {
                    value = anyValue(part.bytes());
                }
            }
            if (key != null) {
                attributes.put(key, value);
            }
        }
        return attributes;
    }

    /** AnyValue: 1 string, 2 bool, 3 int, 4 double; anything else as its raw bytes' length. */
    private static String anyValue(byte[] bytes) {
        for (Field field : Field.all(bytes)) {
            switch (field.number()) {
                case 1 -> {
                    return new String(field.bytes(), StandardCharsets.UTF_8);
                }
                case 2 -> {
                    return String.valueOf(field.varint() != 0);
                }
                case 3 -> {
                    return String.valueOf(field.varint());
                }
                case 4 -> {
                    return String.valueOf(Double.longBitsToDouble(field.fixed()));
                }
                default -> {
                    return "(" + field.number() + ")";
                }
            }
        }
        return "";
    }

    /** One field of a protobuf message: its number, and its value as a varint, a fixed 64/32-bit or bytes. */
    private record Field(int number, long varint, long fixed, byte[] bytes) {

        static List<Field> all(byte[] message) {
            List<Field> fields = new ArrayList<>();
            int[] at = {0};
            while (at[0] < message.length) {
                long tag = readVarint(message, at);
                int number = (int) (tag >>> 3);
                switch ((int) (tag & 7)) {
                    case 0 -> fields.add(new Field(number, readVarint(message, at), 0, null));
                    case 1 -> {
                        fields.add(new Field(number, 0,
                                ByteBuffer.wrap(message, at[0], 8).order(ByteOrder.LITTLE_ENDIAN).getLong(), null));
                        at[0] += 8;
                    }
                    case 2 -> {
                        int length = (int) readVarint(message, at);
                        byte[] value = new byte[length];
                        System.arraycopy(message, at[0], value, 0, length);
                        at[0] += length;
                        fields.add(new Field(number, 0, 0, value));
                    }
                    case 5 -> {
                        fields.add(new Field(number, 0,
                                ByteBuffer.wrap(message, at[0], 4).order(ByteOrder.LITTLE_ENDIAN).getInt(), null));
                        at[0] += 4;
                    }
                    default -> throw new IllegalArgumentException("unsupported wire type in field " + number);
                }
            }
            return fields;
        }

        private static long readVarint(byte[] message, int[] at) {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = message[at[0]++];
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new IllegalArgumentException("varint too long");
        }
    }
}

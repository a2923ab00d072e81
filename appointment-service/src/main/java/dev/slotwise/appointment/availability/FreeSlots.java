package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.rules.RuleBook;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The slots of one search, collected as one number each (milliseconds after {@code from} times the number of staff,
 * plus the place in id order of the first segment's staff member), so that ordering them by start and then staff id
 * is a sort of primitives, and written as {@code {"data": [{"startsAt", "endsAt", "staffId", "segments": [{"serviceId",
 * "staffId", "startsAt", "endsAt"}]}], "nextCursor": null}} straight from those numbers (CONTRACT §14, §16: every slot
 * has its segments, also for one service). A month of a busy salon is ten thousand slots and more: written bean by
 * bean, with every timestamp formatted anew, the answer cost several times the search itself (see
 * bench/README.md). Each distinct instant is formatted once, each staff member's id once; every value is an ISO 8601
 * timestamp or a generated id ({@code stf_}/{@code svc_} and 26 of [0-9a-z]), which JSON needs no escaping for.
 */
final class FreeSlots implements RuleBook.VisitSink {

    private static final byte[] OPEN = "{\"data\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = "],\"nextCursor\":null}".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SLOT_START = ascii("{\"startsAt\":\"");
    private static final byte[] ENDS_AT = ascii("\",\"endsAt\":\"");
    private static final byte[] STAFF_ID = ascii("\",\"staffId\":\"");
    private static final byte[] SEGMENTS = ascii("\",\"segments\":[");
    private static final byte[] FIRST_SEGMENT = ascii("{\"serviceId\":\"");
    private static final byte[] NEXT_SEGMENT = ascii(",{\"serviceId\":\"");
    private static final byte[] STARTS_AT = ascii("\",\"startsAt\":\"");
    private static final byte[] SEGMENT_END = ascii("\"}");
    private static final byte[] SLOT_END = ascii("]}");

    private final long from;
    /** Where each segment starts after the visit's start; the last entry is where the visit ends. */
    private final long[] offsets;
    private final List<String> serviceIds;
    private final List<String> staffIds;
    /** The staff of each slot whose segments are not all with its first segment's staff member, by key. */
    private final Map<Long, int[]> mixed = new HashMap<>();
    private final Map<Long, byte[]> instants = new HashMap<>();
    private long[] keys = new long[256];
    private int count;

    /**
     * @param serviceIds the visit's services in order
     * @param offsets where each segment starts after the visit's start, and (last) where the visit ends
     * @param staffIds in id order; a slot names its staff members by place in this list
     */
    FreeSlots(long from, List<String> serviceIds, long[] offsets, List<String> staffIds) {
        this.from = from;
        this.serviceIds = serviceIds;
        this.offsets = offsets;
        this.staffIds = staffIds;
    }

    @Override
    public void add(long start, int[] staffIndexes) {
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, count * 2);
        }
        long key = (start - from) * staffIds.size() + staffIndexes[0];
        keys[count++] = key;
        for (int index : staffIndexes) {
            if (index != staffIndexes[0]) {
                mixed.put(key, staffIndexes.clone());
                break;
            }
        }
    }

    /** The answer's JSON, slots ordered by start, then staff id. */
    byte[] json() {
        Arrays.sort(keys, 0, count);
        byte[][] staff = new byte[staffIds.size()][];
        for (int i = 0; i < staff.length; i++) {
            staff[i] = staffIds.get(i).getBytes(StandardCharsets.US_ASCII);
        }
        byte[][] services = new byte[serviceIds.size()][];
        for (int i = 0; i < services.length; i++) {
            services[i] = serviceIds.get(i).getBytes(StandardCharsets.US_ASCII);
        }
        int segments = serviceIds.size();
        Bytes out = new Bytes(OPEN.length + CLOSE.length + count * (112 + 140 * segments));
        out.put(OPEN);
        for (int i = 0; i < count; i++) {
            long key = keys[i];
            long start = from + key / staffIds.size();
            int first = (int) (key % staffIds.size());
            int[] assigned = mixed.get(key);
            if (i > 0) {
                out.put((byte) ',');
            }
            out.put(SLOT_START);
            out.put(instant(start));
            out.put(ENDS_AT);
            out.put(instant(start + offsets[segments]));
            out.put(STAFF_ID);
            out.put(staff[first]);
            out.put(SEGMENTS);
            for (int k = 0; k < segments; k++) {
                out.put(k == 0 ? FIRST_SEGMENT : NEXT_SEGMENT);
                out.put(services[k]);
                out.put(STAFF_ID);
                out.put(staff[assigned == null ? first : assigned[k]]);
                out.put(STARTS_AT);
                out.put(instant(start + offsets[k]));
                out.put(ENDS_AT);
                out.put(instant(start + offsets[k + 1]));
                out.put(SEGMENT_END);
            }
            out.put(SLOT_END);
        }
        out.put(CLOSE);
        return out.toArray();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private byte[] instant(long t) {
        return instants.computeIfAbsent(t, at -> Instant.ofEpochMilli(at).toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** A growing byte array without the locking of {@link java.io.ByteArrayOutputStream}. */
    private static final class Bytes {

        private byte[] buffer;
        private int size;

        Bytes(int capacity) {
            buffer = new byte[capacity];
        }

        void put(byte b) {
            ensure(1);
            buffer[size++] = b;
        }

        void put(byte[] bytes) {
            ensure(bytes.length);
            System.arraycopy(bytes, 0, buffer, size, bytes.length);
            size += bytes.length;
        }

        private void ensure(int more) {
            if (size + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
            }
        }

        byte[] toArray() {
            return Arrays.copyOf(buffer, size);
        }
    }
}

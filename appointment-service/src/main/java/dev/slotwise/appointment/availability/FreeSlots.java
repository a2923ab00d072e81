package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.rules.RuleBook;

import java.nio.charset.StandardCharsets;
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
 * bench/README.md). Each instant is written straight into the answer ({@link IsoInstants}), each staff member's id
 * once; every value is an ISO 8601 timestamp or a generated id ({@code stf_}/{@code svc_} and 26 of [0-9a-z]), which
 * JSON needs no escaping for.
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

    /**
     * The answer's JSON, slots ordered by start, then staff id: its length counted first (every part's is known without
     * writing it), then written into one array of that length, which is the answer.
     */
    byte[] json() {
        Arrays.sort(keys, 0, count);
        byte[][] staff = new byte[staffIds.size()][];
        for (int i = 0; i < staff.length; i++) {
            staff[i] = staffIds.get(i).getBytes(StandardCharsets.US_ASCII);
        }
        byte[][] services = new byte[serviceIds.size()][];
        int segments = serviceIds.size();
        int segmentsBytes = 0;
        for (int i = 0; i < services.length; i++) {
            services[i] = serviceIds.get(i).getBytes(StandardCharsets.US_ASCII);
            segmentsBytes += NEXT_SEGMENT.length + services[i].length + STAFF_ID.length + STARTS_AT.length
                    + ENDS_AT.length + SEGMENT_END.length;
        }
        int slotBytes = SLOT_START.length + ENDS_AT.length + STAFF_ID.length + SEGMENTS.length + segmentsBytes
                + SLOT_END.length - (segments > 0 ? 1 : 0);
        long length = OPEN.length + CLOSE.length + Math.max(0, count - 1) + (long) count * slotBytes;
        for (int i = 0; i < count; i++) {
            long key = keys[i];
            long start = from + key / staffIds.size();
            int first = (int) (key % staffIds.size());
            int[] assigned = mixed.get(key);
            length += IsoInstants.length(start) + IsoInstants.length(start + offsets[segments]) + staff[first].length;
            for (int k = 0; k < segments; k++) {
                length += staff[assigned == null ? first : assigned[k]].length
                        + IsoInstants.length(start + offsets[k]) + IsoInstants.length(start + offsets[k + 1]);
            }
        }
        Bytes out = new Bytes(Math.toIntExact(length));
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
            out.putInstant(start);
            out.put(ENDS_AT);
            out.putInstant(start + offsets[segments]);
            out.put(STAFF_ID);
            out.put(staff[first]);
            out.put(SEGMENTS);
            for (int k = 0; k < segments; k++) {
                out.put(k == 0 ? FIRST_SEGMENT : NEXT_SEGMENT);
                out.put(services[k]);
                out.put(STAFF_ID);
                out.put(staff[assigned == null ? first : assigned[k]]);
                out.put(STARTS_AT);
                out.putInstant(start + offsets[k]);
                out.put(ENDS_AT);
                out.putInstant(start + offsets[k + 1]);
                out.put(SEGMENT_END);
            }
            out.put(SLOT_END);
        }
        out.put(CLOSE);
        return out.full();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** The answer's bytes, written at a position that only moves forward, into an array of the answer's length. */
    private static final class Bytes {

        private final byte[] buffer;
        private int size;

        Bytes(int length) {
            buffer = new byte[length];
        }

        void put(byte b) {
            buffer[size++] = b;
        }

        void put(byte[] bytes) {
            System.arraycopy(bytes, 0, buffer, size, bytes.length);
            size += bytes.length;
        }

        void putInstant(long millis) {
            size = IsoInstants.write(millis, buffer, size);
        }

        byte[] full() {
            if (size != buffer.length) {
                throw new IllegalStateException("the answer was counted as " + buffer.length + " bytes and is " + size);
            }
            return buffer;
        }
    }
}

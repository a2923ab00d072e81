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
 * plus the staff member's place in id order), so that ordering them by start and then staff id is a sort of
 * primitives, and written as {@code {"data": [{"startsAt", "endsAt", "staffId"}], "nextCursor": null}} straight
 * from those numbers. A month of a busy salon is ten thousand slots and more: written bean by bean, with every
 * timestamp formatted anew, the answer cost several times the search itself (see README, Performance). Each
 * distinct start is written once into the text its slots share, and each staff member's id once; every value is
 * an ISO 8601 timestamp or a generated id ({@code stf_} and 26 of [0-9a-z]), which JSON needs no escaping for.
 */
final class FreeSlots implements RuleBook.SlotSink {

    private static final byte[] OPEN = "{\"data\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = "],\"nextCursor\":null}".getBytes(StandardCharsets.US_ASCII);

    private final long from;
    private final long length;
    private final List<String> staffIds;
    private final Map<String, Integer> staffIndex = new HashMap<>();
    private long[] keys = new long[256];
    private int count;

    /** @param staffIds in id order; a slot names its staff member by place in this list */
    FreeSlots(long from, long length, List<String> staffIds) {
        this.from = from;
        this.length = length;
        this.staffIds = staffIds;
        for (int i = 0; i < staffIds.size(); i++) {
            staffIndex.put(staffIds.get(i), i);
        }
    }

    @Override
    public void add(long start, String staffId) {
        add(start, staffIndex.get(staffId));
    }

    void add(long start, int staffIndex) {
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, count * 2);
        }
        keys[count++] = (start - from) * staffIds.size() + staffIndex;
    }

    /** The answer's JSON, slots ordered by start, then staff id. */
    byte[] json() {
        Arrays.sort(keys, 0, count);
        byte[][] staffTails = new byte[staffIds.size()][];
        for (int i = 0; i < staffTails.length; i++) {
            staffTails[i] = ("\",\"staffId\":\"" + staffIds.get(i) + "\"}").getBytes(StandardCharsets.US_ASCII);
        }
        Bytes out = new Bytes(OPEN.length + CLOSE.length + count * 112);
        out.put(OPEN);
        long lastStart = Long.MIN_VALUE;
        byte[] times = null;
        for (int i = 0; i < count; i++) {
            long start = from + keys[i] / staffIds.size();
            if (start != lastStart) {
                lastStart = start;
                times = ("{\"startsAt\":\"" + Instant.ofEpochMilli(start) + "\",\"endsAt\":\""
                        + Instant.ofEpochMilli(start + length)).getBytes(StandardCharsets.US_ASCII);
            }
            if (i > 0) {
                out.put((byte) ',');
            }
            out.put(times);
            out.put(staffTails[(int) (keys[i] % staffIds.size())]);
        }
        out.put(CLOSE);
        return out.toArray();
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

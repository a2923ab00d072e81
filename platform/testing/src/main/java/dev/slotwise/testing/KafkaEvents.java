package dev.slotwise.testing;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads a topic from its beginning in the background, as an outside consumer would, for assertions in tests. Every
 * record a test looks at ({@link #await}, {@link #find}, {@link #all}) is first held to the events' description
 * ({@link EventContract}): an event that disagrees with it fails the test.
 */
public final class KafkaEvents implements AutoCloseable {

    private final List<ConsumerRecord<String, String>> received = new CopyOnWriteArrayList<>();
    /** How far the poller has read each partition: the offset of the next record it will get. */
    private final Map<TopicPartition, Long> positions = new ConcurrentHashMap<>();
    private final Map<String, Object> config;
    private final Thread poller;
    private final String topic;
    private volatile boolean open = true;

    private KafkaEvents(String bootstrapServers, String topic) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.METADATA_MAX_AGE_CONFIG, 1000,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        this.topic = topic;
        this.config = config;
        poller = new Thread(() -> {
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
                consumer.subscribe(List.of(topic));
                while (open) {
                    consumer.poll(Duration.ofMillis(200)).forEach(received::add);
                    for (TopicPartition partition : consumer.assignment()) {
                        positions.put(partition, consumer.position(partition));
                    }
                }
            }
        }, "kafka-events-" + topic);
        poller.setDaemon(true);
        poller.start();
    }

    public static KafkaEvents follow(String bootstrapServers, String topic) {
        return new KafkaEvents(bootstrapServers, topic);
    }

    /** Waits for the first record whose value matches, or fails after the timeout. */
    public ConsumerRecord<String, String> await(Predicate<String> valueMatches, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ConsumerRecord<String, String>> match = find(valueMatches);
            if (match.isPresent()) {
                return match.get();
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("no matching event within " + timeout + "; received: " + received.size());
    }

    /**
     * Waits until every record the topic holds now, in every partition, has been read: then {@link #all()} holds all
     * of them. For a test that asserts an event was NOT published, once everything that could have published it has
     * been acknowledged by the broker (the outbox is empty): records of different partitions arrive in no particular
     * order, so a later event's arrival says nothing about another partition.
     */
    public void awaitCaughtUp(Duration timeout) {
        Map<TopicPartition, Long> ends;
        try (KafkaConsumer<String, String> probe = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = probe.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            ends = probe.endOffsets(partitions);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ends.entrySet().stream().anyMatch(end -> positions.getOrDefault(end.getKey(), 0L) < end.getValue())) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not caught up with " + topic + " within " + timeout + ": read " + positions
                        + ", the topic ends at " + ends);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    public Optional<ConsumerRecord<String, String>> find(Predicate<String> valueMatches) {
        return received.stream().filter(r -> valueMatches.test(r.value())).findFirst().map(this::described);
    }

    public List<ConsumerRecord<String, String>> all() {
        List<ConsumerRecord<String, String>> all = List.copyOf(received);
        all.forEach(this::described);
        return all;
    }

    private ConsumerRecord<String, String> described(ConsumerRecord<String, String> record) {
        List<String> problems = EventContract.described().problems(topic, record.value());
        if (!problems.isEmpty()) {
            throw new AssertionError("an event disagrees with the events' description (api/asyncapi.yaml):\n  "
                    + String.join("\n  ", problems) + "\n" + record.value());
        }
        return record;
    }

    @Override
    public void close() {
        open = false;
    }
}

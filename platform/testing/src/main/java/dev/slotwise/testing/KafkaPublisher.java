package dev.slotwise.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;

/** Publishes records as another service would, for tests of a consumer (a redelivery is the same record twice). */
public final class KafkaPublisher implements AutoCloseable {

    private final KafkaProducer<String, String> producer;

    public KafkaPublisher(String bootstrapServers) {
        producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()));
    }

    /** Sends one record and waits for the broker's acknowledgement. */
    public void send(String topic, String key, String value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the broker did not take the record", e.getCause());
        }
    }

    /**
     * Sends records of one key without waiting between them, as a relay publishes a backlog, so that a consumer
     * polls them together; returns once the broker has them all, in this order.
     */
    public void sendAll(String topic, String key, List<String> values) {
        List<Future<RecordMetadata>> sent = new ArrayList<>(values.size());
        for (String value : values) {
            sent.add(producer.send(new ProducerRecord<>(topic, key, value)));
        }
        for (Future<RecordMetadata> one : sent) {
            try {
                one.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("the broker did not take a record", e.getCause());
            }
        }
    }

    @Override
    public void close() {
        producer.close();
    }
}

package dev.slotwise.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The events' description and the check that holds records to it. */
class EventContractTest {

    private static final String CUSTOMER_CREATED = """
            {"id":"evt_01jf3z9q7m2x8k4n6p0r5s1t3v","type":"customer.created","tenantId":"ten_01jf3z9q7m2x8k4n6p0r5s1t3v",
             "createdAt":"2026-11-23T09:00:00.123Z","data":{"id":"cus_01jf3z9q7m2x8k4n6p0r5s1t3v","firstName":"Ada",
             "lastName":null,"email":null,"phone":null,"notes":null,"marketingConsent":false,"notificationsOptOut":false,"metadata":{},
             "createdAt":"2026-11-23T09:00:00.123Z","updatedAt":"2026-11-23T09:00:00.123Z"}}
            """;

    private final EventContract contract = EventContract.described();

    @Test
    void anEventAsDescribedPasses() {
        assertThat(contract.problems("slotwise.customer.events", CUSTOMER_CREATED)).isEmpty();
    }

    @Test
    void anEnvelopeOrDataOutsideTheDescriptionFails() {
        assertThat(contract.problems("slotwise.customer.events", CUSTOMER_CREATED.replace("\"tenantId\"", "\"tenant\"")))
                .anySatisfy(problem -> assertThat(problem).contains("tenantId"));
        assertThat(contract.problems("slotwise.customer.events", CUSTOMER_CREATED.replace("\"firstName\"", "\"name\"")))
                .anySatisfy(problem -> assertThat(problem).contains("firstName"));
        assertThat(contract.problems("slotwise.appointment.events", CUSTOMER_CREATED))
                .anySatisfy(problem -> assertThat(problem).contains("not a message of this channel"));
        assertThat(contract.problems("slotwise.catalog-staff-service.dead-letters", "not even JSON"))
                .as("a dead-letter topic carries whatever could not be applied").isEmpty();
        assertThat(contract.problems("slotwise.elsewhere", CUSTOMER_CREATED))
                .anySatisfy(problem -> assertThat(problem).contains("not described"));
    }

    @Test
    void everyEventTypeOfTheContractHasItsMessageOnOneTopic() throws IOException {
        YAMLMapper yaml = new YAMLMapper();
        JsonNode api = yaml.readTree(Files.readAllBytes(ApiDescriptionConformance.DESCRIPTION));
        Set<String> types = new TreeSet<>();
        api.at("/components/schemas/EventType/enum").forEach(type -> types.add(type.asText()));
        types.remove("ping"); // the dispatcher's own, never on Kafka
        JsonNode events = yaml.readTree(Files.readAllBytes(
                ApiDescriptionConformance.DESCRIPTION.resolveSibling("asyncapi.yaml")));
        Set<String> described = new TreeSet<>();
        events.at("/components/messages").forEach(message -> {
            if (message.path("payload").path("$ref").asText().startsWith("#/components/schemas/")) {
                described.add(message.path("name").asText());
            }
        });
        assertThat(described).isEqualTo(types);
    }
}

package dev.slotwise.customer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.KafkaEvents;
import dev.slotwise.testing.KafkaPublisher;
import dev.slotwise.testing.KafkaTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@QuarkusTest
class ReviewAndCampaignTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static KafkaEvents events;
    private final String tenant = Ids.next("ten");

    @BeforeAll
    static void follow() {
        events = KafkaEvents.follow(KafkaTestResource.broker().bootstrapServers(), "slotwise.customer.events");
    }

    @AfterAll
    static void stop() {
        events.close();
    }

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification owner() {
        return as(tenant, "customers.write", "reviews.read", "reviews.write", "campaigns.read", "campaigns.write");
    }

    private String customer(boolean consent) {
        return owner().body("{\"firstName\":\"C\",\"marketingConsent\":" + consent + "}").post("/api/v1/customers")
                .then().statusCode(201).extract().path("id");
    }

    @Test
    void aReviewNamesACustomerOfTheTenant() {
        String customer = customer(false);

        owner().body("{\"customerId\":\"" + customer + "\",\"rating\":5,\"comment\":\"Lovely\"}")
                .post("/api/v1/reviews").then().statusCode(201)
                .body("id", matchesPattern("rev_[0-9a-z]{26}"))
                .body("customerId", equalTo(customer))
                .body("appointmentId", nullValue())
                .body("rating", equalTo(5))
                .body("comment", equalTo("Lovely"))
                .body("createdAt", notNullValue());
        owner().body("{\"customerId\":\"" + customer + "\",\"rating\":3}").post("/api/v1/reviews")
                .then().statusCode(201).body("comment", nullValue());

        String stranger = as(Ids.next("ten"), "customers.write").body("{\"firstName\":\"S\"}").post("/api/v1/customers")
                .then().statusCode(201).extract().path("id");
        owner().body("{\"customerId\":\"" + stranger + "\",\"rating\":4}").post("/api/v1/reviews")
                .then().statusCode(422).body("errors[0].field", equalTo("customerId"));
        owner().queryParam("customerId", customer).get("/api/v1/reviews").then().statusCode(200)
                .body("data.rating", contains(3, 5));
    }

    @Test
    void aReviewMayNameOneOfTheCustomersAppointmentsAsAppointmentServiceAnnouncedThem() throws Exception {
        String customer = customer(false);
        String other = customer(false);
        String appointment = Ids.next("appt");
        try (KafkaPublisher appointments = new KafkaPublisher(KafkaTestResource.broker().bootstrapServers())) {
            appointments.send("slotwise.appointment.events", appointment, """
                    {"id":"%s","type":"appointment.created","tenantId":"%s","createdAt":"2030-01-01T09:00:00Z",
                     "data":{"id":"%s","customerId":"%s","serviceId":"svc_x","staffId":"stf_x","status":"booked"}}"""
                    .formatted(Ids.next("evt"), tenant, appointment, customer));
        }
        String review = "{\"customerId\":\"%s\",\"appointmentId\":\"%s\",\"rating\":4}";

        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int status;
        do {
            status = owner().body(review.formatted(customer, appointment)).post("/api/v1/reviews").statusCode();
            if (status != 201) {
                Thread.sleep(200);
            }
        } while (status == 422 && System.nanoTime() < deadline);
        assertThat(status).isEqualTo(201);

        owner().body(review.formatted(other, appointment)).post("/api/v1/reviews")
                .then().statusCode(422).body("errors[0].field", equalTo("appointmentId"));
        owner().body(review.formatted(customer, Ids.next("appt"))).post("/api/v1/reviews")
                .then().statusCode(422).body("errors[0].field", equalTo("appointmentId"));
        as(Ids.next("ten"), "reviews.write").body(review.formatted(customer, appointment)).post("/api/v1/reviews")
                .then().statusCode(422);
    }

    @Test
    void aClientThatJustBookedCanReviewBeforeTheAppointmentsEventArrives() {
        String customer = customer(false);
        String other = customer(false);
        String appointment = Ids.next("appt");
        // booked in appointment-service a moment ago: no event has reached this service
        AppointmentServiceStub.book(tenant, appointment, customer);
        String review = "{\"customerId\":\"%s\",\"appointmentId\":\"%s\",\"rating\":5}";

        owner().body(review.formatted(customer, appointment)).post("/api/v1/reviews")
                .then().statusCode(201).body("appointmentId", equalTo(appointment));
        owner().body(review.formatted(other, appointment)).post("/api/v1/reviews")
                .then().statusCode(422).body("detail", equalTo("appointmentId is an appointment of another customer"));
        as(Ids.next("ten"), "reviews.write").body(review.formatted(customer, appointment)).post("/api/v1/reviews")
                .then().statusCode(422).body("errors[0].field", equalTo("appointmentId"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "6", "4.5", "\"5\"", "null"})
    void aRatingOutsideOneToFiveIs422(String rating) {
        owner().body("{\"customerId\":\"" + customer(false) + "\",\"rating\":" + rating + "}").post("/api/v1/reviews")
                .then().statusCode(422).body("errors[0].field", equalTo("rating"));
    }

    @Test
    void sendingCountsTheCustomersWithConsentOnceAndPublishesCampaignSent() throws Exception {
        customer(true);
        customer(true);
        customer(false);
        as(Ids.next("ten"), "customers.write").body("{\"firstName\":\"Elsewhere\",\"marketingConsent\":true}")
                .post("/api/v1/customers").then().statusCode(201);
        String campaign = owner().body("{\"name\":\"Winter\",\"channel\":\"email\",\"message\":\"20% off\"}")
                .post("/api/v1/campaigns").then().statusCode(201)
                .body("status", equalTo("draft")).body("recipientCount", nullValue()).body("sentAt", nullValue())
                .extract().path("id");

        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Integer> statuses = new ArrayList<>();
        try {
            List<Callable<Integer>> sends = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                sends.add(() -> owner().post("/api/v1/campaigns/" + campaign + "/send").statusCode());
            }
            for (Future<Integer> status : pool.invokeAll(sends)) {
                statuses.add(status.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(statuses).containsExactlyInAnyOrder(200, 409, 409, 409);
        owner().get("/api/v1/campaigns/" + campaign).then().statusCode(200)
                .body("status", equalTo("sent")).body("recipientCount", equalTo(2)).body("sentAt", notNullValue());
        owner().post("/api/v1/campaigns/" + campaign + "/send").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));

        JsonNode sent = JSON.readTree(events.await(v -> v.contains(campaign) && v.contains("campaign.sent"),
                Duration.ofSeconds(20)).value());
        assertThat(sent.get("data").get("campaignId").asText()).isEqualTo(campaign);
        assertThat(sent.get("data").get("name").asText()).isEqualTo("Winter");
        assertThat(sent.get("data").get("channel").asText()).isEqualTo("email");
        assertThat(sent.get("data").get("recipientCount").asInt()).isEqualTo(2);
        assertThat(sent.get("data").get("sentAt").asText()).endsWith("Z");
    }

    /**
     * Issue 34: an action that takes no body (send) refuses one rather than ignoring it: a field is 422 naming it, a
     * JSON value that is no object 400, a body that is no JSON 415; nothing, or an empty object, is no body.
     */
    @Test
    void sendTakesNoBody() {
        String id = owner().body("{\"name\":\"Quiet\",\"channel\":\"sms\",\"message\":\"m\"}").post("/api/v1/campaigns")
                .then().statusCode(201).extract().path("id");
        owner().body("{\"recipientCount\":1000}").post("/api/v1/campaigns/" + id + "/send").then().statusCode(422)
                .contentType("application/problem+json").body("code", equalTo("validation_failed"))
                .body("errors[0].field", equalTo("recipientCount"));
        owner().body("[]").post("/api/v1/campaigns/" + id + "/send").then().statusCode(400)
                .body("code", equalTo("malformed_request"));
        owner().body("{}{}").post("/api/v1/campaigns/" + id + "/send").then().statusCode(400)
                .body("code", equalTo("malformed_request"));
        owner().contentType(ContentType.TEXT).body("now").post("/api/v1/campaigns/" + id + "/send").then().statusCode(415);
        owner().get("/api/v1/campaigns/" + id).then().statusCode(200).body("status", equalTo("draft"));

        owner().body("{}").post("/api/v1/campaigns/" + id + "/send").then().statusCode(200).body("status", equalTo("sent"));
        String other = owner().body("{\"name\":\"Bare\",\"channel\":\"sms\",\"message\":\"m\"}").post("/api/v1/campaigns")
                .then().statusCode(201).extract().path("id");
        given().auth().oauth2(InternalTokens.forTenant(tenant, "campaigns.write")).post("/api/v1/campaigns/" + other + "/send")
                .then().statusCode(200).body("status", equalTo("sent"));
    }

    @Test
    void campaignsAreValidatedAndTenantScoped() {
        owner().body("{\"name\":\"x\",\"channel\":\"fax\",\"message\":\"m\"}").post("/api/v1/campaigns")
                .then().statusCode(422).body("errors[0].field", equalTo("channel"));
        String id = owner().body("{\"name\":\"x\",\"channel\":\"sms\",\"message\":\"m\"}").post("/api/v1/campaigns")
                .then().statusCode(201).extract().path("id");
        as(Ids.next("ten"), "campaigns.write").post("/api/v1/campaigns/" + id + "/send").then().statusCode(404);
        as(tenant, "campaigns.read").post("/api/v1/campaigns/" + id + "/send").then().statusCode(403);
    }
}

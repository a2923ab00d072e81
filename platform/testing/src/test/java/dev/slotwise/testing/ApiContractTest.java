package dev.slotwise.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The contract check itself: that it finds what a service could get wrong, and passes what is right. */
class ApiContractTest {

    private static final String ID = "cus_01jf3z9q7m2x8k4n6p0r5s1t3v";
    private static final String CUSTOMER = """
            {"id":"%s","firstName":"Ada","lastName":"Lovelace","email":"ada@example.com","phone":null,
             "notes":null,"marketingConsent":false,"notificationsOptOut":false,"metadata":{},"createdAt":"2026-11-23T09:00:00Z","updatedAt":"2026-11-23T09:00:00Z"}
            """.formatted(ID);
    private static final String NOT_FOUND = """
            {"type":"about:blank","title":"Not Found","status":404,"code":"not_found","detail":"no such customer",
             "requestId":"r-1"}
            """;

    private final ApiContract contract = ApiContract.described();

    private static ApiContract.Exchange get(String path, int status, String contentType, String body) {
        return new ApiContract.Exchange("GET", path, null, null, new byte[0], status, contentType,
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static ApiContract.Exchange post(String path, String request, int status, String answer) {
        return new ApiContract.Exchange("POST", path, null, "application/json; charset=UTF-8",
                request.getBytes(StandardCharsets.UTF_8), status, "application/json",
                answer.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anAnswerAsDescribedPasses() {
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 200, "application/json", CUSTOMER))).isEmpty();
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 404, "application/problem+json", NOT_FOUND)))
                .isEmpty();
    }

    /** A text answer (a calendar feed, CONTRACT §18) is held to its media type and string schema, not read as JSON. */
    @Test
    void aTextAnswerIsJudgedAsTextByItsMediaType() {
        String feed = "/calendar/" + "0123456789abcdef".repeat(4) + ".ics";
        assertThat(contract.problems(get(feed, 200, "text/calendar; charset=UTF-8", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")))
                .isEmpty();
        assertThat(contract.problems(get(feed, 200, "application/json", "{}")))
                .anySatisfy(problem -> assertThat(problem).contains("answered as 'application/json'"));
    }

    @Test
    void aFieldRenamedInTheAnswerFails() {
        String renamed = CUSTOMER.replace("\"firstName\"", "\"givenName\"");
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 200, "application/json", renamed)))
                .anySatisfy(problem -> assertThat(problem).contains("firstName"))
                .anySatisfy(problem -> assertThat(problem).contains("givenName"));
    }

    @Test
    void aTimestampOutOfFormatFails() {
        String local = CUSTOMER.replace("\"createdAt\":\"2026-11-23T09:00:00Z\"", "\"createdAt\":\"23.11.2026 09:00\"");
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 200, "application/json", local)))
                .anySatisfy(problem -> assertThat(problem).contains("createdAt"));
    }

    @Test
    void aStatusOrMediaTypeNotDescribedFails() {
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 418, "application/problem+json", NOT_FOUND)))
                .anySatisfy(problem -> assertThat(problem).contains("status is not described"));
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 404, "application/json", NOT_FOUND)))
                .anySatisfy(problem -> assertThat(problem).contains("described as [application/problem+json]"));
        String unknownCode = NOT_FOUND.replace("not_found", "no_such_thing");
        assertThat(contract.problems(get("/api/v1/customers/" + ID, 404, "application/problem+json", unknownCode)))
                .isNotEmpty();
    }

    @Test
    void anAcceptedRequestOutsideTheDescriptionFails() {
        assertThat(contract.problems(post("/api/v1/customers", "{\"firstName\":\"Ada\"}", 201, CUSTOMER))).isEmpty();
        assertThat(contract.problems(post("/api/v1/customers", "{\"givenName\":\"Ada\"}", 201, CUSTOMER)))
                .anySatisfy(problem -> assertThat(problem).contains("request body"));
        assertThat(contract.problems(new ApiContract.Exchange("GET", "/api/v1/customers", "limit=5&colour=red", null,
                new byte[0], 200, "application/json", "{\"data\":[],\"nextCursor\":null}"
                        .getBytes(StandardCharsets.UTF_8))))
                .anySatisfy(problem -> assertThat(problem).contains("'colour' is not described"));
        assertThat(contract.problems(get("/api/v1/customers/" + ID + "x", 200, "application/json", CUSTOMER)))
                .anySatisfy(problem -> assertThat(problem).contains("path parameter id"));
    }

    @Test
    void aRefusedRequestIsNotHeldToTheDescription() {
        String invalid = """
                {"type":"about:blank","title":"Unprocessable Content","status":422,"code":"validation_failed",
                 "detail":"firstName is required","requestId":"r-2","errors":[{"field":"firstName","message":"is required"}]}
                """;
        assertThat(contract.problems(new ApiContract.Exchange("POST", "/api/v1/customers", null, "application/json",
                "{\"givenName\":\"Ada\"}".getBytes(StandardCharsets.UTF_8), 422, "application/problem+json",
                invalid.getBytes(StandardCharsets.UTF_8)))).isEmpty();
    }

    @Test
    void anOperationTheDescriptionLacksFailsOnlyWhenItAnswers() {
        assertThat(contract.problems(get("/api/v1/nothing-here", 200, "application/json", "{}")))
                .anySatisfy(problem -> assertThat(problem).contains("no such operation"));
        assertThat(contract.problems(get("/api/v1/nothing-here", 404, "application/problem+json", NOT_FOUND)))
                .isEmpty();
        assertThat(contract.problems(get("/internal/v1/customers/" + ID, 200, "application/json", "{}"))).isEmpty();
    }
}

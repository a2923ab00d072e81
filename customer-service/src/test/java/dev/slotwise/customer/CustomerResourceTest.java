package dev.slotwise.customer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CustomerResourceTest {

    private final String tenant = Ids.next("ten");

    private RequestSpecification as(String tenantId, String... scopes) {
        return given().auth().oauth2(InternalTokens.forTenant(tenantId, scopes)).contentType(ContentType.JSON);
    }

    private RequestSpecification writer() {
        return as(tenant, "customers.read", "customers.write");
    }

    private String create(String body) {
        return writer().body(body).post("/api/v1/customers").then().statusCode(201).extract().path("id");
    }

    private static String unique() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    /** Creates that race past the e-mail check meet the unique index: one 201, the rest 409, never a 500. */
    @Test
    void concurrentCreatesWithOneEmailMakeOneCustomerAndConflicts() throws Exception {
        String body = "{\"firstName\":\"Twin\",\"email\":\"twin." + unique() + "@example.com\"}";
        ExecutorService pool = Executors.newFixedThreadPool(12);
        try {
            List<Callable<Response>> creates = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                creates.add(() -> writer().body(body).post("/api/v1/customers"));
            }
            List<Response> answers = new ArrayList<>();
            for (Future<Response> answer : pool.invokeAll(creates)) {
                answers.add(answer.get());
            }
            assertThat(answers).extracting(Response::statusCode).containsOnly(201, 409).containsOnlyOnce(201);
            assertThat(answers).filteredOn(answer -> answer.statusCode() == 409)
                    .allSatisfy(answer -> assertThat(answer.jsonPath().getString("code")).isEqualTo("customer_email_taken"));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aBugIsA500ProblemThatGivesNothingAway() {
        var answer = given().header("X-Request-Id", "bug-report-1").get("/test/broken").then().statusCode(500)
                .contentType("application/problem+json")
                .body("code", equalTo("internal_error"))
                .body("requestId", equalTo("bug-report-1"))
                .header("X-Request-Id", "bug-report-1")
                .extract().asString();
        assertThat(answer).doesNotContain("hunter2", "IllegalStateException", "dev.slotwise", "\tat ", "Exception");
    }

    @Test
    void anEndpointWithoutASecurityAnnotationIsDenied() {
        given().get("/test/forgotten").then().statusCode(401).body("code", equalTo("unauthenticated"));
        given().auth().oauth2(InternalTokens.forTenant(tenant, "customers.read", "customers.write"))
                .get("/test/forgotten").then().statusCode(403).contentType("application/problem+json")
                .body("detail", equalTo("this operation is not open to any token"));
    }

    @Test
    void createAnswers201WithTheWholeResourceAndLocation() {
        String email = "ada." + unique() + "@example.com";
        writer().body("""
                {"firstName":"Ada","lastName":"Lovelace","email":"%s","phone":"+4915112345678","marketingConsent":true}
                """.formatted(email))
                .post("/api/v1/customers")
                .then().statusCode(201)
                .header("Location", matchesPattern("/api/v1/customers/cus_[0-9a-z]{26}"))
                .header("X-Request-Id", notNullValue())
                .body("id", matchesPattern("cus_[0-9a-z]{26}"))
                .body("firstName", equalTo("Ada"))
                .body("lastName", equalTo("Lovelace"))
                .body("email", equalTo(email))
                .body("phone", equalTo("+4915112345678"))
                .body("notes", nullValue())
                .body("marketingConsent", equalTo(true))
                .body("createdAt", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"))
                .body("updatedAt", notNullValue());
    }

    /** Values PostgreSQL cannot store are the client's 4xx, never a 500 (issue 23). */
    @Test
    void nulCharactersAndOutOfRangeValuesAre4xxProblems() {
        writer().body("{\"firstName\":\"Ada\\u0000\"}").post("/api/v1/customers")
                .then().statusCode(422).contentType("application/problem+json")
                .body("code", equalTo("validation_failed")).body("errors[0].field", equalTo("firstName"));
        String id = create("{\"firstName\":\"Grace\"}");
        writer().contentType("application/merge-patch+json").body("{\"notes\":\"x\\u0000\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(422).body("errors[0].field", equalTo("notes"));
        writer().get("/api/v1/customers/cus_%00").then().statusCode(404).contentType("application/problem+json");
        writer().urlEncodingEnabled(false).get("/api/v1/customers?cursor=%00").then().statusCode(400)
                .contentType("application/problem+json");
        writer().get("/api/v1/customers/" + id).then().statusCode(200).body("notes", nullValue());
    }

    @Test
    void absentFieldsArePresentAsNullAndConsentDefaultsToFalse() {
        String id = create("{\"firstName\":\"Grace\"}");
        writer().get("/api/v1/customers/" + id).then().statusCode(200)
                .body("id", equalTo(id))
                .body("$", org.hamcrest.Matchers.hasKey("lastName"))
                .body("lastName", nullValue())
                .body("email", nullValue())
                .body("marketingConsent", equalTo(false));
    }

    @Test
    void listIsNewestFirstWithCursorPagination() {
        String own = Ids.next("ten");
        RequestSpecification spec = as(own, "customers.read", "customers.write");
        String first = spec.body("{\"firstName\":\"One\"}").post("/api/v1/customers").then().statusCode(201).extract().path("id");
        String second = as(own, "customers.write").body("{\"firstName\":\"Two\"}").post("/api/v1/customers").then().extract().path("id");
        String third = as(own, "customers.write").body("{\"firstName\":\"Three\"}").post("/api/v1/customers").then().extract().path("id");

        String cursor = as(own, "customers.read").queryParam("limit", 2).get("/api/v1/customers")
                .then().statusCode(200)
                .body("data.id", contains(third, second))
                .body("nextCursor", notNullValue())
                .extract().path("nextCursor");
        as(own, "customers.read").queryParam("limit", 2).queryParam("cursor", cursor).get("/api/v1/customers")
                .then().statusCode(200)
                .body("data.id", contains(first))
                .body("nextCursor", nullValue());
        as(own, "customers.read").get("/api/v1/customers").then().statusCode(200).body("data", hasSize(3));
    }

    /** CONTRACT §14: by e-mail whatever its case, by exact phone, by a name or e-mail prefix; within the tenant. */
    @Test
    void customersAreFoundByEmailPhoneOrAPrefix() {
        String mark = unique();
        String ada = create("{\"firstName\":\"Ada\",\"lastName\":\"Lovelace" + mark + "\",\"email\":\"Ada." + mark
                + "@Example.com\",\"phone\":\"+4915100000001\"}");
        String grace = create("{\"firstName\":\"Grace" + mark + "\",\"lastName\":\"Hopper\",\"phone\":\"+4915100000001\"}");
        String alan = create("{\"firstName\":\"Alan\",\"email\":\"lovelace" + mark + ".fan@example.com\"}");
        as(Ids.next("ten"), "customers.write").body("{\"firstName\":\"Ada\",\"email\":\"ada." + mark + "@example.com\"}")
                .post("/api/v1/customers").then().statusCode(201);

        writer().queryParam("email", "ADA." + mark + "@example.COM").get("/api/v1/customers").then().statusCode(200)
                .body("data.id", contains(ada));
        writer().queryParam("email", "nobody." + mark + "@example.com").get("/api/v1/customers").then().statusCode(200)
                .body("data", hasSize(0)).body("nextCursor", nullValue());
        writer().queryParam("phone", "+4915100000001").get("/api/v1/customers").then().statusCode(200)
                .body("data.id", hasItems(grace, ada)).body("data.id", not(hasItem(alan)));
        // a prefix of the last name (Ada) or of the e-mail (Alan), newest first, whatever the case
        writer().queryParam("q", "LOVELACE" + mark).get("/api/v1/customers").then().statusCode(200)
                .body("data.id", contains(alan, ada));
        writer().queryParam("q", "grace" + mark).get("/api/v1/customers").then().statusCode(200)
                .body("data.id", contains(grace));
        // together, all apply; pages as any list
        writer().queryParam("q", "lovelace" + mark).queryParam("phone", "+4915100000001").get("/api/v1/customers")
                .then().statusCode(200).body("data.id", contains(ada));
        String cursor = writer().queryParam("q", "lovelace" + mark).queryParam("limit", 1).get("/api/v1/customers")
                .then().statusCode(200).body("data.id", contains(alan)).extract().path("nextCursor");
        writer().queryParam("q", "lovelace" + mark).queryParam("limit", 1).queryParam("cursor", cursor)
                .get("/api/v1/customers").then().statusCode(200).body("data.id", contains(ada));
        // LIKE's wildcards are literal characters here
        writer().queryParam("q", "%" + mark).get("/api/v1/customers").then().statusCode(200).body("data", hasSize(0));
        writer().queryParam("q", "l_velace" + mark).get("/api/v1/customers").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void aSearchThatCannotBeAnsweredIs400() {
        writer().queryParam("q", "a").get("/api/v1/customers").then().statusCode(400)
                .body("code", equalTo("malformed_request")).body("detail", containsString("q"));
        writer().queryParam("phone", "015112345678").get("/api/v1/customers").then().statusCode(400)
                .body("detail", containsString("E.164"));
        writer().queryParam("email", "").get("/api/v1/customers").then().statusCode(400);
    }

    @Test
    void badLimitOrCursorIs400() {
        for (String limit : List.of("0", "101", "ten", "-1")) {
            writer().queryParam("limit", limit).get("/api/v1/customers")
                    .then().statusCode(400).contentType("application/problem+json")
                    .body("code", equalTo("malformed_request"));
        }
        writer().queryParam("cursor", "not-a-cursor").get("/api/v1/customers")
                .then().statusCode(400).body("code", equalTo("malformed_request"));
    }

    @Test
    void mergePatchChangesOnlyWhatItNamesAndNullClears() {
        String id = create("{\"firstName\":\"Alan\",\"lastName\":\"Turing\",\"notes\":\"likes tea\"}");
        writer().body("{\"lastName\":null,\"email\":\"alan." + unique() + "@example.com\"}")
                .patch("/api/v1/customers/" + id)
                .then().statusCode(200)
                .body("firstName", equalTo("Alan"))
                .body("lastName", nullValue())
                .body("notes", equalTo("likes tea"))
                .body("email", containsString("@example.com"));
        writer().body("{\"firstName\":null}").patch("/api/v1/customers/" + id)
                .then().statusCode(422).body("errors[0].field", equalTo("firstName"));
        writer().body("{\"id\":\"cus_other\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(422).body("code", equalTo("validation_failed"));
        writer().get("/api/v1/customers/" + id).then().body("firstName", equalTo("Alan"));
    }

    /**
     * The read by id is answered by a plain route (decision 0111) when the request asks for JSON only, by the resource
     * method otherwise: both answers are the same, header for header and byte for byte.
     */
    @Test
    void theReadByIdAnswersTheSameWhicheverPathTakesIt() {
        String id = create("{\"firstName\":\"Zoë\",\"lastName\":\"O'Brien\",\"email\":\"zoe." + unique()
                + "@example.com\",\"metadata\":{\"crm_id\":\"A-1\",\"note\":\"\\\"quoted\\\"\"}}");
        Response plain = writer().accept("application/json").header("X-Request-Id", "same-1").get("/api/v1/customers/" + id);
        Response framework = writer().accept("application/json, text/plain;q=0.5").header("X-Request-Id", "same-1")
                .get("/api/v1/customers/" + id);
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(framework.statusCode()).isEqualTo(200);
        assertThat(plain.asByteArray()).isEqualTo(framework.asByteArray());
        assertThat(plain.jsonPath().getString("metadata.note")).isEqualTo("\"quoted\"");
        for (String header : List.of("Content-Type", "ETag", "X-Request-Id", "Content-Length")) {
            assertThat(plain.header(header)).as(header).isNotNull().isEqualTo(framework.header(header));
        }
        assertThat(plain.headers().asList()).extracting(h -> h.getName().toLowerCase())
                .containsExactlyInAnyOrderElementsOf(framework.headers().asList().stream()
                        .map(h -> h.getName().toLowerCase()).toList());

        // what the plain route does not answer, the resource method still does
        as(Ids.next("ten"), "customers.read").get("/api/v1/customers/" + id).then().statusCode(404)
                .contentType("application/problem+json").body("code", equalTo("not_found"));
        as(tenant, "customers.write").get("/api/v1/customers/" + id).then().statusCode(403)
                .body("code", equalTo("insufficient_scope"));
        given().get("/api/v1/customers/" + id).then().statusCode(401).header("WWW-Authenticate", "Bearer");
        given().auth().oauth2(InternalTokens.signedByStranger(tenant, "customers.read")).get("/api/v1/customers/" + id)
                .then().statusCode(401);
    }

    /** CONTRACT §14: every single-resource answer has an ETag; a PATCH whose If-Match is stale is 412 and changes nothing. */
    @Test
    void aPatchWithAStaleIfMatchIs412AndChangesNothing() {
        String created = writer().body("{\"firstName\":\"Ada\"}").post("/api/v1/customers").then().statusCode(201)
                .header("ETag", org.hamcrest.Matchers.matchesPattern("\"[A-Za-z0-9_-]{22}\"")).extract().header("ETag");
        String id = writer().get("/api/v1/customers?limit=1").then().statusCode(200)
                .header("ETag", nullValue()).extract().path("data[0].id");
        String read = writer().get("/api/v1/customers/" + id).then().statusCode(200).extract().header("ETag");
        assertThat(read).isEqualTo(created);

        // the other receptionist saves first
        String saved = writer().header("If-Match", read).body("{\"lastName\":\"Lovelace\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(200).body("lastName", equalTo("Lovelace")).extract().header("ETag");
        assertThat(saved).isNotEqualTo(read);
        writer().get("/api/v1/customers/" + id).then().header("ETag", equalTo(saved));

        writer().header("If-Match", read).body("{\"lastName\":\"Byron\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(412).contentType("application/problem+json")
                .body("code", equalTo("precondition_failed")).body("status", equalTo(412));
        writer().header("If-Match", "W/" + saved).body("{\"lastName\":\"Byron\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(412);
        writer().get("/api/v1/customers/" + id).then().body("lastName", equalTo("Lovelace")).header("ETag", equalTo(saved));

        // a list of tags, or *, matches; without If-Match a patch applies as before
        writer().header("If-Match", read + ", " + saved).body("{\"lastName\":\"King\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(200).body("lastName", equalTo("King"));
        writer().header("If-Match", "*").body("{\"notes\":\"vip\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(200);
        writer().body("{\"notes\":null}").patch("/api/v1/customers/" + id).then().statusCode(200).body("notes", nullValue());
    }

    @Test
    void invalidFieldsAre422WithEveryFieldNamed() {
        writer().body("{\"lastName\":\"NoFirst\",\"email\":\"not-an-email\",\"phone\":\"12345\"}")
                .post("/api/v1/customers")
                .then().statusCode(422).contentType("application/problem+json")
                .body("type", equalTo("about:blank"))
                .body("title", equalTo("Unprocessable Content"))
                .body("status", equalTo(422))
                .body("code", equalTo("validation_failed"))
                .body("errors.field", contains("email", "firstName", "phone"))
                .body("requestId", notNullValue());
        writer().body("{\"firstName\":\"X\",\"nickname\":\"x\"}").post("/api/v1/customers")
                .then().statusCode(422).body("errors[0].field", equalTo("nickname"));
        writer().body("{\"firstName\":\"X\",\"marketingConsent\":\"maybe\"}").post("/api/v1/customers")
                .then().statusCode(422).body("errors[0].field", equalTo("marketingConsent"));
        writer().body("{\"firstName\":\"" + "x".repeat(101) + "\"}").post("/api/v1/customers")
                .then().statusCode(422).body("errors[0].field", equalTo("firstName"));
    }

    @Test
    void malformedBodiesAre400AndOtherMediaTypes415() {
        writer().body("{\"firstName\": ").post("/api/v1/customers")
                .then().statusCode(400).contentType("application/problem+json").body("code", equalTo("malformed_request"));
        writer().body("[1,2]").post("/api/v1/customers").then().statusCode(400).body("code", equalTo("malformed_request"));
        writer().body("").post("/api/v1/customers").then().statusCode(400).body("code", equalTo("malformed_request"));
        writer().contentType(ContentType.TEXT).body("firstName=X").post("/api/v1/customers")
                .then().statusCode(415).body("code", equalTo("unsupported_media_type"));
    }

    /**
     * Issue 34: a body is exactly one JSON value in UTF-8. A second object after the first, UTF-16 and a byte order
     * mark are 400 and create or change nothing (Jackson read the first object and ignored the rest, and detected
     * UTF-16 by itself).
     */
    @Test
    void aBodyThatIsNotExactlyOneUtf8JsonValueIs400AndChangesNothing() {
        String marker = "Trailing" + unique().replace("-", "");
        String id = create("{\"firstName\":\"Kept\"}");
        for (String body : List.of("{\"firstName\":\"" + marker + "\"}{\"firstName\":\"Second\"}",
                "{\"firstName\":\"" + marker + "\"} []", "{\"firstName\":\"" + marker + "\"}x")) {
            writer().body(body).post("/api/v1/customers").then().statusCode(400)
                    .contentType("application/problem+json").body("code", equalTo("malformed_request"));
            writer().body(body).patch("/api/v1/customers/" + id).then().statusCode(400)
                    .body("code", equalTo("malformed_request"));
        }
        String json = "{\"firstName\":\"" + marker + "\"}";
        for (byte[] body : List.of(json.getBytes(java.nio.charset.StandardCharsets.UTF_16LE),
                json.getBytes(java.nio.charset.StandardCharsets.UTF_16), ("\uFEFF" + json).getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
            writer().body(body).post("/api/v1/customers").then().statusCode(400)
                    .body("code", equalTo("malformed_request")).body("detail", containsString("UTF-8"));
            writer().body(body).patch("/api/v1/customers/" + id).then().statusCode(400)
                    .body("code", equalTo("malformed_request"));
        }
        writer().queryParam("q", marker).get("/api/v1/customers").then().statusCode(200).body("data", hasSize(0));
        writer().get("/api/v1/customers/" + id).then().body("firstName", equalTo("Kept"));
    }

    @Test
    void emailIsUniquePerTenantWhateverItsCase() {
        String email = "mary." + unique() + "@example.com";
        create("{\"firstName\":\"Mary\",\"email\":\"" + email + "\"}");
        writer().body("{\"firstName\":\"Mary\",\"email\":\"" + email.toUpperCase() + "\"}").post("/api/v1/customers")
                .then().statusCode(409).body("code", equalTo("customer_email_taken"));
        String other = create("{\"firstName\":\"Other\"}");
        writer().body("{\"email\":\"" + email + "\"}").patch("/api/v1/customers/" + other)
                .then().statusCode(409).body("code", equalTo("customer_email_taken"));
        as(Ids.next("ten"), "customers.write").body("{\"firstName\":\"Mary\",\"email\":\"" + email + "\"}")
                .post("/api/v1/customers").then().statusCode(201);
    }

    @Test
    void anotherTenantsCustomerIsNotFound() {
        String id = create("{\"firstName\":\"Hidden\"}");
        String stranger = Ids.next("ten");
        ValidatableResponse read = as(stranger, "customers.read", "customers.write").get("/api/v1/customers/" + id).then();
        read.statusCode(404).contentType("application/problem+json").body("code", equalTo("not_found"));
        as(stranger, "customers.write").body("{\"firstName\":\"Taken\"}").patch("/api/v1/customers/" + id)
                .then().statusCode(404);
        as(stranger, "customers.read").get("/api/v1/customers").then().statusCode(200).body("data", hasSize(0));
        writer().get("/api/v1/customers/cus_01jdoesnotexist0000000000000").then().statusCode(404);
        writer().get("/api/v1/customers/whatever").then().statusCode(404);
    }

    @Test
    void withoutAValidInternalTokenEveryRouteIs401() {
        given().get("/api/v1/customers").then().statusCode(401)
                .header("WWW-Authenticate", containsString("Bearer"))
                .contentType("application/problem+json")
                .body("code", equalTo("unauthenticated"));
        given().auth().oauth2(InternalTokens.signedByStranger(tenant, "customers.read")).get("/api/v1/customers")
                .then().statusCode(401);
        given().auth().oauth2("not-a-jwt").contentType(ContentType.JSON).body("{\"firstName\":\"X\"}")
                .post("/api/v1/customers").then().statusCode(401);
    }

    @Test
    void aTokenWithoutTheScopeIs403NamingIt() {
        as(tenant, "customers.read").body("{\"firstName\":\"X\"}").post("/api/v1/customers")
                .then().statusCode(403)
                .contentType("application/problem+json")
                .body("code", equalTo("insufficient_scope"))
                .body("detail", containsString("customers.write"))
                .header("WWW-Authenticate", containsString("scope=\"customers.write\""));
        as(tenant, "customers.write").get("/api/v1/customers").then().statusCode(403)
                .body("detail", containsString("customers.read"));
    }

    @Test
    void aSaneRequestIdIsEchoedAndAnInsaneOneReplaced() {
        writer().header("X-Request-Id", "req-123").get("/api/v1/customers").then().header("X-Request-Id", "req-123");
        writer().header("X-Request-Id", "bad id with spaces").get("/api/v1/customers/whatever")
                .then().statusCode(404)
                .header("X-Request-Id", matchesPattern("[0-9a-f-]{36}"))
                .body("requestId", matchesPattern("[0-9a-f-]{36}"));
    }

    @Test
    void otherServicesLookUpACustomerOfTheTenantWithAnyScope() {
        String id = create("{\"firstName\":\"Looked\",\"lastName\":\"Up\"}");

        as(tenant, "appointments.write").get("/internal/v1/customers/" + id)
                .then().statusCode(200).body("id", equalTo(id)).body("firstName", equalTo("Looked"));
        as(Ids.next("ten"), "appointments.write").get("/internal/v1/customers/" + id)
                .then().statusCode(404).body("code", equalTo("not_found"));
        given().get("/internal/v1/customers/" + id).then().statusCode(401);
    }

    @Test
    void aFractionalOrQuotedNumberIsNotCoerced() {
        writer().body("{\"firstName\":\"Strict\",\"marketingConsent\":\"true\"}").post("/api/v1/customers")
                .then().statusCode(422).body("errors[0].field", equalTo("marketingConsent"));
    }
}

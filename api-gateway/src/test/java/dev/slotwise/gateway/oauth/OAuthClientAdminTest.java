package dev.slotwise.gateway.oauth;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.slotwise.gateway.GatewayTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The operator's containment of applications (CONTRACT §10) as an operator's script sees it: the list (no secrets,
 * paged as every list), disabling and enabling, and the rotation of a secret. What these do to tokens and to the
 * protocol endpoints is proven against two replicas in {@link OAuthFlowIT}.
 */
@QuarkusTest
class OAuthClientAdminTest {

    private static RequestSpecification operator() {
        return given().auth().oauth2(GatewayTestResource.ADMIN_TOKEN).contentType(ContentType.JSON);
    }

    private static String register(boolean confidential) {
        return operator().body(Map.of("name", "Contained app", "redirectUris", List.of("https://app.example/cb"),
                        "scopes", List.of("customers.read"), "confidential", confidential))
                .post("/admin/v1/oauth-clients").then().statusCode(201).extract().path("clientId");
    }

    @Test
    void theListShowsEveryClientWithoutSecretsAPageAtATime() {
        String older = register(true);
        String newer = register(false);
        operator().get("/admin/v1/oauth-clients?limit=100").then().statusCode(200)
                .body("data.clientId", hasItem(newer)).body("data.clientSecret", not(hasItem(matchesPattern(".+"))))
                .body("data.find { it.clientId == '" + older + "' }.disabled", equalTo(false));
        var first = operator().get("/admin/v1/oauth-clients?limit=1").then().statusCode(200)
                .body("data.size()", equalTo(1)).body("data[0].clientId", equalTo(newer)).extract();
        operator().get("/admin/v1/oauth-clients?limit=1&cursor=" + first.path("nextCursor")).then().statusCode(200)
                .body("data[0].clientId", equalTo(older));
        operator().get("/admin/v1/oauth-clients?limit=0").then().statusCode(400);
    }

    @Test
    void disablingAndEnablingIsAMergePatchOfOneBoolean() {
        String clientId = register(true);
        operator().body("{\"disabled\":true}").patch("/admin/v1/oauth-clients/" + clientId).then().statusCode(200)
                .body("disabled", equalTo(true)).body("clientSecret", nullValue());
        operator().get("/admin/v1/oauth-clients/" + clientId).then().body("disabled", equalTo(true));
        operator().body("{}").patch("/admin/v1/oauth-clients/" + clientId).then().statusCode(200)
                .body("disabled", equalTo(true));
        operator().body("{\"disabled\":false}").patch("/admin/v1/oauth-clients/" + clientId).then().statusCode(200)
                .body("disabled", equalTo(false));

        for (String bad : List.of("{\"disabled\":\"yes\"}", "{\"disabled\":null}", "{\"disabled\":1}",
                "{\"name\":\"Renamed\"}")) {
            operator().body(bad).patch("/admin/v1/oauth-clients/" + clientId).then().statusCode(422)
                    .body("code", equalTo("validation_failed"));
        }
        operator().body("{\"disabled\":true}").patch("/admin/v1/oauth-clients/cli_unknown").then().statusCode(404);
        given().auth().oauth2("not-the-operator").contentType(ContentType.JSON).body("{\"disabled\":true}")
                .patch("/admin/v1/oauth-clients/" + clientId).then().statusCode(401);
        operator().get("/admin/v1/oauth-clients/" + clientId).then().body("disabled", equalTo(false));
    }

    @Test
    void onlyAConfidentialClientHasASecretToRotate() {
        String confidential = register(true);
        String first = operator().post("/admin/v1/oauth-clients/" + confidential + "/rotate-secret").then()
                .statusCode(200).header("Cache-Control", "no-store")
                .body("clientSecret", matchesPattern("swcs_[0-9a-f]{64}")).extract().path("clientSecret");
        String second = operator().post("/admin/v1/oauth-clients/" + confidential + "/rotate-secret").then()
                .statusCode(200).extract().path("clientSecret");
        assertThat(second).isNotEqualTo(first);
        operator().get("/admin/v1/oauth-clients/" + confidential).then().body("clientSecret", nullValue());

        operator().post("/admin/v1/oauth-clients/" + register(false) + "/rotate-secret").then().statusCode(409)
                .body("code", equalTo("invalid_transition"));
        operator().post("/admin/v1/oauth-clients/cli_unknown/rotate-secret").then().statusCode(404);
    }
}

package dev.slotwise.customer;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@code metadata} on customers (CONTRACT §19): limits, merge, the list filter and its index. */
@QuarkusTest
class CustomerMetadataTest {

    private final String tenant = Ids.next("ten");

    @Inject
    Pool database;

    private RequestSpecification writer() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "customers.read", "customers.write"))
                .contentType(ContentType.JSON);
    }

    private String create(String metadata) {
        return writer().body("{\"firstName\":\"Meta\",\"metadata\":" + metadata + "}").post("/api/v1/customers")
                .then().statusCode(201).extract().path("id");
    }

    @Test
    void metadataIsAlwaysAnObjectAndPatchMergesItKeyByKey() {
        String plain = writer().body("{\"firstName\":\"Plain\"}").post("/api/v1/customers").then().statusCode(201)
                .body("metadata", equalTo(Map.of())).extract().path("id");
        writer().get("/api/v1/customers/" + plain).then().body("metadata", equalTo(Map.of()));

        String id = create("{\"crmId\":\"4711\",\"tier\":\"gold\"}");
        writer().contentType("application/merge-patch+json")
                .body("{\"metadata\":{\"tier\":null,\"source\":\"import\"}}")
                .patch("/api/v1/customers/" + id).then().statusCode(200)
                .body("metadata", equalTo(Map.of("crmId", "4711", "source", "import")))
                .body("firstName", equalTo("Meta"));
        writer().get("/api/v1/customers/" + id).then()
                .body("metadata", equalTo(Map.of("crmId", "4711", "source", "import")));
    }

    @Test
    void limitsAre422NamingMetadataAndChangeNothing() {
        StringBuilder fifty = new StringBuilder("{");
        for (int i = 0; i < 50; i++) {
            fifty.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"v\"");
        }
        String full = create(fifty.append("}").toString());
        // the limit applies to the merged result: a 51st key is refused, replacing one is not
        writer().contentType("application/merge-patch+json").body("{\"metadata\":{\"extra\":\"v\"}}")
                .patch("/api/v1/customers/" + full).then().statusCode(422)
                .body("code", equalTo("validation_failed")).body("errors.field", hasItem("metadata"));
        writer().contentType("application/merge-patch+json").body("{\"metadata\":{\"k1\":null,\"extra\":\"v\"}}")
                .patch("/api/v1/customers/" + full).then().statusCode(200);

        for (String bad : List.of("{\"a b\":\"x\"}", "{\"" + "k".repeat(41) + "\":\"x\"}", "{\"\":\"x\"}",
                "{\"n\":1}", "{\"n\":true}", "{\"n\":{\"x\":\"y\"}}", "{\"v\":\"" + "x".repeat(501) + "\"}",
                "[\"x\"]", "\"text\"")) {
            writer().body("{\"firstName\":\"Bad\",\"metadata\":" + bad + "}").post("/api/v1/customers").then()
                    .statusCode(422).body("code", equalTo("validation_failed"))
                    .body("errors.field", hasItem(containsString("metadata")));
        }
        create("{\"" + "k".repeat(40) + "\":\"" + "x".repeat(500) + "\",\"a.b-c_D9\":\"\"}");
    }

    @Test
    void listsFilterByOneMetadataValueExactly() {
        String crm = "crm-" + UUID.randomUUID();
        String match = create("{\"crmId\":\"" + crm + "\"}");
        create("{\"crmId\":\"" + crm.toUpperCase() + "\"}");
        create("{\"other\":\"" + crm + "\"}");

        writer().queryParam("metadata[crmId]", crm).get("/api/v1/customers").then().statusCode(200)
                .body("data.id", contains(match));
        writer().queryParam("metadata[crmid]", crm).get("/api/v1/customers").then().statusCode(200)
                .body("data.size()", equalTo(0));
        // another tenant's customer with the same value is never found
        given().auth().oauth2(InternalTokens.forTenant(Ids.next("ten"), "customers.read"))
                .queryParam("metadata[crmId]", crm).get("/api/v1/customers").then().statusCode(200)
                .body("data.size()", equalTo(0));
    }

    @Test
    void aBadOrSecondMetadataFilterIs400() {
        writer().queryParam("metadata[a b]", "x").get("/api/v1/customers").then().statusCode(400)
                .body("code", equalTo("malformed_request"));
        writer().queryParam("metadata[a]", "x").queryParam("metadata[b]", "y").get("/api/v1/customers").then()
                .statusCode(400);
        writer().queryParam("metadata[a]", "x").queryParam("metadata[a]", "y").get("/api/v1/customers").then()
                .statusCode(400);
        writer().queryParam("metadata", "x").get("/api/v1/customers").then().statusCode(400);
        writer().queryParam("metadata[" + "k".repeat(41) + "]", "x").get("/api/v1/customers").then().statusCode(400);
    }

    /** The filter's statement is answered through the GIN index (the function is inlined into @>), not a scan. */
    @Test
    void theFilterUsesTheMetadataIndex() {
        List<String> plan = new ArrayList<>();
        // a test database is too small for the planner to prefer any index: forbid the other ways, and see that
        // this one is possible (the function inlined into @>, which the GIN index answers)
        database.withConnection(connection -> connection.query("set enable_seqscan = off").execute()
                .chain(() -> connection.query("set enable_indexscan = off").execute())
                .chain(() -> connection.query("explain select id from customers"
                        + " where metadata_has(metadata, '{\"crmId\":\"4711\"}') = true").execute()))
                .await().indefinitely().forEach((Row row) -> plan.add(row.getString(0)));
        assertThat(String.join("\n", plan)).contains("customers_metadata_idx");
    }
}

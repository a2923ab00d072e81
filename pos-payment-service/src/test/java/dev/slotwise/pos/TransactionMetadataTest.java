package dev.slotwise.pos;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code metadata} on transactions (CONTRACT §19): given at the sale, `{}` by default, limited, always shown. */
@QuarkusTest
class TransactionMetadataTest {

    private final Shop shop = new Shop();

    private String withMetadata(String metadata) {
        String sale = shop.halfCashHalfCard();
        return sale.substring(0, sale.lastIndexOf('}')) + ",\"metadata\":" + metadata + "}";
    }

    @Test
    void aSaleKeepsItsMetadata() {
        String id = shop.till().body(withMetadata("{\"orderRef\":\"web-42\"}")).post("/api/v1/transactions").then()
                .statusCode(201).body("metadata", equalTo(Map.of("orderRef", "web-42"))).extract().path("id");
        shop.till().get("/api/v1/transactions/" + id).then().statusCode(200)
                .body("metadata", equalTo(Map.of("orderRef", "web-42")));
        shop.till().post("/api/v1/transactions/" + id + "/refund").then().statusCode(200)
                .body("metadata", equalTo(Map.of("orderRef", "web-42")));
        shop.till().body(shop.halfCashHalfCard()).post("/api/v1/transactions").then().statusCode(201)
                .body("metadata", equalTo(Map.of()));
    }

    @Test
    void metadataBeyondTheLimitsIs422AndSellsNothing() {
        shop.till().body(withMetadata("{\"a\":1}")).post("/api/v1/transactions").then().statusCode(422)
                .body("errors.field", hasItem(containsString("metadata")));
        shop.till().body(withMetadata("{\"" + "k".repeat(41) + "\":\"x\"}")).post("/api/v1/transactions").then()
                .statusCode(422).body("errors.field", hasItem("metadata"));
        shop.till().get("/api/v1/transactions").then().statusCode(200).body("data.size()", equalTo(0));
    }
}

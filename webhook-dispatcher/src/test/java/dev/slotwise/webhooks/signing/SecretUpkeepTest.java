package dev.slotwise.webhooks.signing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.InternalTokens;
import dev.slotwise.testing.PostgresTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** Previous secrets are deleted after their 24 hours; secrets in the unbound format are encrypted again, bound. */
@QuarkusTest
class SecretUpkeepTest {

    @Inject
    SecretUpkeep upkeep;
    @Inject
    SecretCipher cipher;
    @ConfigProperty(name = "slotwise.webhooks.encryption-key")
    String encryptionKey;

    private final String tenant = Ids.next("ten");

    private RequestSpecification api() {
        return given().auth().oauth2(InternalTokens.forTenant(tenant, "webhooks.write")).contentType(ContentType.JSON);
    }

    @Test
    void aPreviousSecretIsDeletedAfterItsDayAndOldCiphertextsAreBoundToTheirEndpoint() throws Exception {
        String dayOld = register();
        String fresh = register();
        String dayOldSecret = rotate(dayOld);
        rotate(fresh);
        try (Connection db = database()) {
            update(db, "update webhook_endpoints set secret_rotated_at = now() - interval '25 hours', secret_ciphertext = ? where id = ?",
                    SecretCipherTest.unboundFormat(encryptionKey, dayOldSecret), dayOld);

            upkeep.run().await().atMost(Duration.ofSeconds(10));

            assertThat(bytes(db, "previous_secret_ciphertext", dayOld)).isNull();
            assertThat(bytes(db, "previous_secret_ciphertext", fresh)).isNotNull();
            byte[] bound = bytes(db, "secret_ciphertext", dayOld);
            assertThat(cipher.needsReencryption(bound)).isFalse();
            assertThat(cipher.decrypt(dayOld, bound)).isEqualTo(dayOldSecret);
        }
    }

    private String register() {
        return api().body(Map.of("url", "http://127.0.0.1:9/upkeep", "events", List.of("ping")))
                .post("/api/webhook-endpoints").then().statusCode(201).extract().path("id");
    }

    private String rotate(String endpoint) {
        return api().post("/api/webhook-endpoints/" + endpoint + "/rotate-secret").then().statusCode(200)
                .extract().path("secret");
    }

    private static Connection database() throws Exception {
        return DriverManager.getConnection(PostgresTestResource.server().jdbcUrl("webhooks"), "postgres", "");
    }

    private static void update(Connection db, String sql, byte[] value, String id) throws Exception {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            statement.setBytes(1, value);
            statement.setString(2, id);
            assertThat(statement.executeUpdate()).isEqualTo(1);
        }
    }

    private static byte[] bytes(Connection db, String column, String id) throws Exception {
        try (PreparedStatement query = db.prepareStatement("select " + column + " from webhook_endpoints where id = ?")) {
            query.setString(1, id);
            try (ResultSet row = query.executeQuery()) {
                assertThat(row.next()).isTrue();
                return row.getBytes(1);
            }
        }
    }
}

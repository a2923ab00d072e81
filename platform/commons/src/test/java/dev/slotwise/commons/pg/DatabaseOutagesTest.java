package dev.slotwise.commons.pg;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.VertxException;
import io.vertx.pgclient.PgException;
import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DatabaseOutagesTest {

    @Test
    void aDatabaseGoingAwayIsAnOutageABadValueOrABugIsNot() {
        assertThat(DatabaseOutages.isOutage(new PgException("the database system is shutting down", "FATAL", "57P03", null))).isTrue();
        assertThat(DatabaseOutages.isOutage(new RuntimeException(new SQLException("terminating connection", "57P01")))).isTrue();
        assertThat(DatabaseOutages.isOutage(new PgException("connection failure", "FATAL", "08006", null))).isTrue();
        assertThat(DatabaseOutages.isOutage(new RuntimeException(new ConnectException("Connection refused")))).isTrue();
        assertThat(DatabaseOutages.isOutage(new VertxException("Connection is closed"))).isTrue();

        assertThat(DatabaseOutages.isOutage(new PgException("duplicate key", "ERROR", "23505", null))).isFalse();
        assertThat(DatabaseOutages.isOutage(new PgException("syntax error", "ERROR", "42601", null))).isFalse();
        assertThat(DatabaseOutages.isOutage(new NullPointerException())).isFalse();
    }

    @Test
    void aColumnJacksonCannotReadIsABugNotAnOutageThoughJacksonsExceptionsAreIoExceptions() throws Exception {
        Exception unreadable = org.junit.jupiter.api.Assertions.assertThrows(JacksonException.class,
                () -> new ObjectMapper().readValue("[\"room\"]", java.util.Map.class));
        assertThat(unreadable).isInstanceOf(java.io.IOException.class);

        assertThat(DatabaseOutages.isOutage(unreadable)).isFalse();
        assertThat(DatabaseOutages.isOutage(new RuntimeException("could not read column", unreadable))).isFalse();
        assertThat(DatabaseOutages.isOutage(new io.vertx.core.json.DecodeException("Failed to decode", unreadable))).isFalse();
    }
}

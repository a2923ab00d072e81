package dev.slotwise.gateway.oauth;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Reads registered applications for the protocol endpoints. */
@ApplicationScoped
public class RegisteredClients {

    private static final String FIND = """
            select id, name, redirect_uris, scopes, confidential, secret_hash, disabled_at is not null as disabled
              from oauth_clients where id = $1""";

    private final Pool pool;

    public RegisteredClients(Pool pool) {
        this.pool = pool;
    }

    public Uni<Optional<RegisteredClient>> find(String clientId) {
        if (clientId == null || clientId.length() > 64) {
            return Uni.createFrom().item(Optional.empty());
        }
        return pool.preparedQuery(FIND).execute(Tuple.of(clientId))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(toClient(rows.iterator().next())));
    }

    private static RegisteredClient toClient(Row row) {
        return new RegisteredClient(row.getString("id"), row.getString("name"),
                List.of(row.getString("redirect_uris").split(" ")), Set.of(row.getString("scopes").split(" ")),
                row.getBoolean("confidential"),
                row.getBuffer("secret_hash") == null ? null : row.getBuffer("secret_hash").getBytes(),
                row.getBoolean("disabled"));
    }
}

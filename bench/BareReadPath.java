import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;

/**
 * The read path's ceiling on this machine, for bench/read-path.sh: what the same JVM, Netty and reactive PostgreSQL
 * client do with nothing else on top — no authentication, scopes, tracing, metrics, access lines or REST framework.
 *
 * <pre>
 *   server PORT PGPORT TENANT   GET /api/v1/customers/{id}: one prepared SELECT of the tenant's customer, as JSON
 *   proxy  PORT TARGET_PORT     forwards every request to 127.0.0.1:TARGET_PORT over a keep-alive pool (two hops)
 * </pre>
 *
 * Run with the customer-service's own libraries: {@code java -cp 'customer-service/target/quarkus-app/lib/main/*'
 * bench/BareReadPath.java server 18601 5432 ten_…} (PGPASSWORD from the environment, database customers, user
 * postgres). One verticle per core, as many event loops as Quarkus gives the services.
 */
public class BareReadPath {

    private static final String SELECT = "select id, first_name, last_name, email, phone, notes, marketing_consent,"
            + " created_at, updated_at from customers where tenant_id = $1 and id = $2";
    private static final String PREFIX = "/api/v1/customers/";

    public static void main(String[] args) {
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        int loops = 2 * Runtime.getRuntime().availableProcessors();
        DeploymentOptions instances = new DeploymentOptions().setInstances(loops);
        int port = Integer.parseInt(args[1]);
        switch (args[0]) {
            case "server" -> vertx.deployVerticle(() -> new Server(port, Integer.parseInt(args[2]), args[3]), instances)
                    .onFailure(BareReadPath::exit);
            case "proxy" -> vertx.deployVerticle(() -> new Proxy(port, Integer.parseInt(args[2])), instances)
                    .onFailure(BareReadPath::exit);
            default -> throw new IllegalArgumentException("server or proxy, not " + args[0]);
        }
    }

    private static void exit(Throwable failure) {
        failure.printStackTrace();
        System.exit(1);
    }

    static final class Server extends AbstractVerticle {
        private final int port;
        private final int pgPort;
        private final String tenant;

        Server(int port, int pgPort, String tenant) {
            this.port = port;
            this.pgPort = pgPort;
            this.tenant = tenant;
        }

        @Override
        public void start(io.vertx.core.Promise<Void> started) {
            PgConnectOptions database = new PgConnectOptions().setHost("127.0.0.1").setPort(pgPort)
                    .setDatabase("customers").setUser("postgres").setPassword(System.getenv("PGPASSWORD"))
                    .setCachePreparedStatements(true);
            // the services' pool: 20 connections per process, shared by its event loops
            PgPool pool = PgPool.pool(vertx, database, new io.vertx.sqlclient.PoolOptions().setMaxSize(20).setShared(true)
                    .setName("bare"));
            vertx.createHttpServer().requestHandler(request -> read(pool, request)).listen(port)
                    .<Void>mapEmpty().onComplete(started);
        }

        private void read(PgPool pool, HttpServerRequest request) {
            if (!request.path().startsWith(PREFIX)) {
                request.response().setStatusCode(404).end();
                return;
            }
            String id = request.path().substring(PREFIX.length());
            pool.preparedQuery(SELECT).execute(Tuple.of(tenant, id)).onComplete(result -> {
                if (result.failed()) {
                    request.response().setStatusCode(503).end();
                } else if (result.result().size() == 0) {
                    request.response().setStatusCode(404).end();
                } else {
                    request.response().putHeader("content-type", "application/json")
                            .end(json(result.result().iterator().next()).toBuffer());
                }
            });
        }

        private static JsonObject json(Row row) {
            return new JsonObject().put("id", row.getString("id")).put("firstName", row.getString("first_name"))
                    .put("lastName", row.getString("last_name")).put("email", row.getString("email"))
                    .put("phone", row.getString("phone")).put("notes", row.getString("notes"))
                    .put("marketingConsent", row.getBoolean("marketing_consent"))
                    .put("createdAt", String.valueOf(row.getOffsetDateTime("created_at")))
                    .put("updatedAt", String.valueOf(row.getOffsetDateTime("updated_at")));
        }
    }

    static final class Proxy extends AbstractVerticle {
        private final int port;
        private final int target;

        Proxy(int port, int target) {
            this.port = port;
            this.target = target;
        }

        @Override
        public void start(io.vertx.core.Promise<Void> started) {
            HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true),
                    new PoolOptions().setHttp1MaxSize(32));
            vertx.createHttpServer().requestHandler(request -> forward(client, request)).listen(port)
                    .<Void>mapEmpty().onComplete(started);
        }

        private void forward(HttpClient client, HttpServerRequest request) {
            request.body()
                    .compose(body -> client.request(new RequestOptions().setMethod(request.method())
                                    .setHost("127.0.0.1").setPort(target).setURI(request.uri()))
                            .compose(upstream -> {
                                upstream.headers().setAll(request.headers());
                                return upstream.send(body);
                            }))
                    .compose(response -> response.body().map(body -> {
                        request.response().setStatusCode(response.statusCode()).headers().setAll(response.headers());
                        return body;
                    }))
                    .onSuccess(body -> request.response().end(body))
                    .onFailure(failure -> request.response().setStatusCode(502).end());
        }
    }
}

package dev.slotwise.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UpstreamClientsTest {

    private final Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
    private final UpstreamClients clients = new UpstreamClients(vertx, new HttpClientOptions());

    @AfterEach
    void close() throws Exception {
        clients.close();
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void eachEventLoopHasItsOwnClientAndKeepsIt() throws Exception {
        List<Context> contexts = eventLoopContexts(2);
        Context first = contexts.get(0);
        Context second = contexts.get(1);
        assertThat(first.isEventLoopContext()).isTrue();

        HttpClient onFirst = currentOn(first);
        HttpClient onSecond = currentOn(second);

        assertThat(onFirst).isNotSameAs(onSecond);
        assertThat(currentOn(first)).isSameAs(onFirst);
        assertThat(currentOn(second)).isSameAs(onSecond);
    }

    @Test
    void offAnEventLoopTheSharedClientAnswers() throws Exception {
        HttpClient offLoop = clients.current();

        assertThat(clients.current()).isSameAs(offLoop);
        assertThat(currentOn(eventLoopContexts(1).get(0))).isNotSameAs(offLoop);
    }

    /** The contexts of verticle instances, which Vert.x spreads over its event loops in turn. */
    private List<Context> eventLoopContexts(int count) throws Exception {
        List<Context> contexts = new CopyOnWriteArrayList<>();
        vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start() {
                contexts.add(context);
            }
        }, new DeploymentOptions().setInstances(count)).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        return contexts;
    }

    private HttpClient currentOn(Context context) throws Exception {
        CompletableFuture<HttpClient> client = new CompletableFuture<>();
        context.runOnContext(nothing -> client.complete(clients.current()));
        return client.get(10, TimeUnit.SECONDS);
    }
}

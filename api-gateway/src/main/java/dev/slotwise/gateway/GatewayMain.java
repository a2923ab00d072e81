package dev.slotwise.gateway;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the gateway with Quarkus's own check of the request URI turned off: that check answers a URI Java cannot
 * parse (a bad percent-escape) with a bare 400, without a problem document or a request id. The gateway checks the
 * same thing itself, right after the request id is set ({@code proxy.RequestLineRules}), and answers it as every other error.
 * The property must be set before Quarkus's HTTP recorder is loaded, hence here; tests set it in the POM.
 */
@QuarkusMain
public final class GatewayMain {

    private GatewayMain() {
    }

    public static void main(String... args) {
        System.setProperty("vertx.disableURIValidation", "true");
        Quarkus.run(args);
    }
}

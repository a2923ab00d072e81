package dev.slotwise.testing;

/**
 * The gateway's contract check: only the operations the gateway itself answers ({@code x-slotwise-service: gateway},
 * the OAuth endpoints) are held to the description, because its tests answer the services' routes from stubs; the
 * services' routes are judged in each service's tests and, through the real gateway, in the local stack's.
 */
public final class GatewayContractCallback extends ApiContractCallback {

    public GatewayContractCallback() {
        super("gateway");
    }
}

package dev.slotwise.commons.http;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.MDC;

/**
 * Passes the request id on to the services a request calls (the internal lookups of the REST clients), so that the
 * lines the called service logs name the client's request too. Webhook deliveries do not use these clients.
 */
@Provider
public class RequestIdPropagation implements ClientRequestFilter {

    @Override
    public void filter(ClientRequestContext request) {
        if (MDC.get(RequestIds.MDC_KEY) instanceof String id && !request.getHeaders().containsKey(RequestIds.HEADER)) {
            request.getHeaders().putSingle(RequestIds.HEADER, id);
        }
    }
}

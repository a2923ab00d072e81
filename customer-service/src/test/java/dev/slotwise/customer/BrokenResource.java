package dev.slotwise.customer;

import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** A test endpoint with a bug: what a client sees of an unexpected failure. */
@Path("/test/broken")
public class BrokenResource {

    @GET
    @PermitAll
    public String broken() {
        throw new IllegalStateException("database password is hunter2 at dev.slotwise.customer.Secret");
    }
}

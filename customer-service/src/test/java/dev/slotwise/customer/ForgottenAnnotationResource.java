package dev.slotwise.customer;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** A test endpoint whose author forgot its security annotation: the chassis must keep it shut. */
@Path("/test/forgotten")
public class ForgottenAnnotationResource {

    @GET
    public String secret() {
        return "anyone can read this";
    }
}

package dev.slotwise.commons.http;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The answer to a create (CONTRACT §2): 201, the resource, and a {@code Location} relative to the API's base. */
public final class Created {

    private Created() {
    }

    public static Response at(String location, Object resource) {
        return Response.status(Response.Status.CREATED).header("Location", location)
                .type(MediaType.APPLICATION_JSON_TYPE).entity(resource).build();
    }
}

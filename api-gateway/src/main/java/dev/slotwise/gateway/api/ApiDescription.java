package dev.slotwise.gateway.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The public API's description (CONTRACT §12): one OpenAPI 3.1 document, {@code api/openapi.yaml} in the gateway's
 * resources, served as YAML and as JSON without authentication, cacheable, with a strong {@code ETag} (a conditional
 * request that matches is 304).
 */
@Path("/")
@PermitAll
public class ApiDescription {

    static final String RESOURCE = "api/openapi.yaml";

    private final Served yaml;
    private final Served json;

    /** One representation: its bytes and their ETag. */
    private record Served(byte[] bytes, String etag, String type) {
        static Served of(byte[] bytes, String type) {
            return new Served(bytes, "\"" + sha256(bytes).substring(0, 32) + "\"", type);
        }

        Response answer(String ifNoneMatch) {
            if (ifNoneMatch != null && (ifNoneMatch.equals(etag) || ifNoneMatch.equals("*")
                    || Arrays.stream(ifNoneMatch.split(",")).map(String::trim).anyMatch(etag::equals))) {
                return Response.notModified().tag(etag.substring(1, etag.length() - 1))
                        .header("Cache-Control", "public, max-age=300").build();
            }
            return Response.ok(bytes, type).header("ETag", etag).header("Cache-Control", "public, max-age=300").build();
        }
    }

    public ApiDescription(ObjectMapper mapper) {
        byte[] document = load();
        this.yaml = Served.of(document, "application/yaml");
        try {
            JsonNode parsed = new YAMLMapper().readTree(document);
            this.json = Served.of(mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(parsed), "application/json");
        } catch (IOException e) {
            throw new UncheckedIOException("the API description is not valid YAML", e);
        }
    }

    @GET
    @Path("openapi.yaml")
    @Produces({"application/yaml", "text/yaml", "*/*"})
    public Response yaml(@HeaderParam("If-None-Match") String ifNoneMatch) {
        return yaml.answer(ifNoneMatch);
    }

    @GET
    @Path("openapi.json")
    @Produces({"application/json", "*/*"})
    public Response json(@HeaderParam("If-None-Match") String ifNoneMatch) {
        return json.answer(ifNoneMatch);
    }

    /** The document's bytes, from the gateway's resources. */
    public static byte[] load() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the gateway");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

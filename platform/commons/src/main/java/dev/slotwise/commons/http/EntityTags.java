package dev.slotwise.commons.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Strong entity tags of single resources (CONTRACT §14): the tag is a digest of the representation's JSON exactly as
 * the API writes it, so it changes whenever anything a client can see changes and needs no version column.
 * {@link EntityTagFilter} puts it on answers; a {@code PATCH} compares the client's {@code If-Match} with the tag of
 * the resource it has locked, before changing it.
 */
@ApplicationScoped
public class EntityTags {

    /** 128 bits of SHA-256: enough that two representations of one resource never share a tag. */
    private static final int TAG_BYTES = 16;

    private final ObjectMapper json;

    public EntityTags(ObjectMapper json) {
        this.json = json;
    }

    /** A representation as the API writes it, and its tag. */
    public record Tagged(byte[] bytes, String etag) {
    }

    public Tagged tag(Object representation) {
        try {
            byte[] bytes = json.writeValueAsBytes(representation);
            return new Tagged(bytes, etagOf(bytes));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a representation could not be written", e);
        }
    }

    /**
     * Nothing when {@code ifMatch} is null (no condition) or matches the current representation's tag; otherwise 412
     * {@code precondition_failed}. Strong comparison (RFC 9110 §13.1.1): a weak tag never matches; {@code *} matches
     * any current representation.
     */
    public void requireMatch(String ifMatch, Object current) {
        if (ifMatch != null && !matches(ifMatch, tag(current).etag())) {
            throw new ApiException(412, "precondition_failed",
                    "the resource changed after the ETag in If-Match was read; read it again and reapply the change");
        }
    }

    static boolean matches(String ifMatch, String etag) {
        String condition = ifMatch.trim();
        return condition.equals("*")
                || Arrays.stream(condition.split(",")).map(String::trim).anyMatch(etag::equals);
    }

    static String etagOf(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return '"' + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, TAG_BYTES)) + '"';
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}

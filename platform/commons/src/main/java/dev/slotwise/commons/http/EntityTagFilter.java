package dev.slotwise.commons.http;

import dev.slotwise.commons.page.Page;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.Collection;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Puts an {@code ETag} on every single-resource answer (200 or 201 with a JSON object that is not a list page): the
 * representation is written here once, tagged, and answered as those bytes, so it is not written twice. An answer
 * marked {@code Cache-Control: no-store} (one that hands out a webhook secret, shown once) gets none: it is never
 * read again, so there is nothing to compare its tag with.
 */
public class EntityTagFilter {

    private final EntityTags tags;

    public EntityTagFilter(EntityTags tags) {
        this.tags = tags;
    }

    @ServerResponseFilter
    public void tag(ContainerResponseContext response) {
        Object entity = response.getEntity();
        int status = response.getStatus();
        if ((status != 200 && status != 201) || entity == null || entity instanceof Page<?>
                || entity instanceof Collection<?> || entity instanceof byte[] || entity instanceof CharSequence
                || response.getMediaType() == null || !MediaType.APPLICATION_JSON_TYPE.isCompatible(response.getMediaType())
                || "no-store".equals(response.getHeaderString(HttpHeaders.CACHE_CONTROL))) {
            return;
        }
        EntityTags.Tagged tagged = tags.tag(entity);
        response.setEntity(tagged.bytes(), response.getEntityAnnotations(), response.getMediaType());
        response.getHeaders().putSingle(HttpHeaders.ETAG, tagged.etag());
    }
}

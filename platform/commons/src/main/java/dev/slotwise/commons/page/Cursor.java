package dev.slotwise.commons.page;

import dev.slotwise.commons.problem.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Opaque list cursors: base64url of a version tag and the id of the last row shown. */
public final class Cursor {

    private static final String VERSION = "v1:";

    private Cursor() {
    }

    public static String after(String lastId) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((VERSION + lastId).getBytes(StandardCharsets.UTF_8));
    }

    /** The id the cursor points after; a cursor that this API did not make is 400. */
    public static String decode(String cursor, String idPrefix) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (text.startsWith(VERSION) && text.startsWith(idPrefix + "_", VERSION.length())) {
                return text.substring(VERSION.length());
            }
        } catch (IllegalArgumentException notBase64) {
            // falls through to the same answer as any other foreign cursor
        }
        throw ApiException.malformed("cursor is not a cursor of this list");
    }
}

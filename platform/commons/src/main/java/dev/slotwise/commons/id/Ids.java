package dev.slotwise.commons.id;

import com.github.f4b6a3.ulid.UlidCreator;
import java.util.Locale;

/**
 * Resource ids of CONTRACT §2: a type prefix and a lowercase ULID. ULIDs sort by creation time, so "newest first"
 * is "highest id first" and cursors can be plain ids.
 */
public final class Ids {

    private Ids() {
    }

    public static String next(String prefix) {
        return prefix + "_" + UlidCreator.getMonotonicUlid().toString().toLowerCase(Locale.ROOT);
    }

    /** Whether {@code id} has the shape of an id with this prefix (it may still not exist). */
    public static boolean looksLike(String prefix, String id) {
        return id != null && id.length() == prefix.length() + 27 && id.startsWith(prefix + "_")
                && id.substring(prefix.length() + 1).chars().allMatch(c -> Character.isDigit(c) || (c >= 'a' && c <= 'z'));
    }
}

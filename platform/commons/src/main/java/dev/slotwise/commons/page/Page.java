package dev.slotwise.commons.page;

import java.util.List;
import java.util.function.Function;

/** One page of a list answer: {@code {"data": [...], "nextCursor": "..." | null}} (CONTRACT §2). */
public record Page<T>(List<T> data, String nextCursor) {

    /**
     * Builds the page from rows fetched with {@code limit + 1}: the extra row only tells that there is more, and the
     * cursor points after the last row shown.
     */
    public static <T> Page<T> of(List<T> fetched, PageRequest request, Function<T, String> idOf) {
        if (fetched.size() <= request.limit()) {
            return new Page<>(List.copyOf(fetched), null);
        }
        List<T> shown = List.copyOf(fetched.subList(0, request.limit()));
        return new Page<>(shown, Cursor.after(idOf.apply(shown.get(shown.size() - 1))));
    }

    /** Every item at once, with no next page (answers that are not paged, such as an availability search). */
    public static <T> Page<T> complete(List<T> all) {
        return new Page<>(List.copyOf(all), null);
    }

    public <R> Page<R> map(Function<T, R> mapper) {
        return new Page<>(data.stream().map(mapper).toList(), nextCursor);
    }
}

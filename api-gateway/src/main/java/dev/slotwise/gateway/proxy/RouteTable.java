package dev.slotwise.gateway.proxy;

import dev.slotwise.gateway.api.ApiDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which service owns a public path and which scope each method needs (CONTRACT §5 and §8), derived from the one API
 * description ({@link ApiRoutes}): adding a route is one edit there. Services check the same scopes again themselves,
 * and each service's tests compare its own resources with the description.
 */
public final class RouteTable {

    /** Every public route, in the document's order: read from the API description when the class loads. */
    public static final List<Route> ROUTES = ApiRoutes.of(ApiDescription.load());

    /** The outcome of matching a request: the route, or else which methods the path allows (none: unknown path). */
    public record Match(Optional<Route> route, Set<String> allowedMethods) {
    }

    /** A route with its pattern split once, at class load, not on every request; {@code order} is its place in {@link #ROUTES}. */
    private record Compiled(Route route, List<String> segments, int order) {
    }

    /** How many leading path segments index the table ({@code api/v1/customers}). */
    private static final int INDEXED_SEGMENTS = 3;

    private static final List<Compiled> COMPILED = IntStream.range(0, ROUTES.size())
            .mapToObj(i -> new Compiled(ROUTES.get(i), split(ROUTES.get(i).pattern()), i))
            .toList();

    /**
     * Routes whose pattern starts with {@link #INDEXED_SEGMENTS} literal segments, by those segments; a request is
     * compared with its own few routes, not with all of them.
     */
    private static final Map<String, List<Compiled>> INDEXED = COMPILED.stream()
            .filter(compiled -> indexKey(compiled.segments(), true) != null)
            .collect(Collectors.groupingBy(compiled -> indexKey(compiled.segments(), true)));

    /** Routes with a parameter or a wildcard among their leading segments, or fewer segments: compared always. */
    private static final List<Compiled> UNINDEXED = COMPILED.stream()
            .filter(compiled -> indexKey(compiled.segments(), true) == null)
            .toList();

    private RouteTable() {
    }

    public static Match match(String method, String path) {
        List<String> segments = split(path);
        String key = indexKey(segments, false);
        List<Compiled> candidates = key == null ? List.of() : INDEXED.getOrDefault(key, List.of());
        // the earlier route of the table wins, as if every route were compared in order
        Compiled found = earlier(first(candidates, method, segments), first(UNINDEXED, method, segments));
        if (found != null) {
            return new Match(Optional.of(found.route()), Set.of());
        }
        Set<String> allowed = new TreeSet<>();
        for (List<Compiled> routes : List.of(candidates, UNINDEXED)) {
            for (Compiled compiled : routes) {
                if (matches(compiled.segments(), segments)) {
                    allowed.add(compiled.route().method());
                }
            }
        }
        return new Match(Optional.empty(), allowed);
    }

    private static Compiled first(List<Compiled> routes, String method, List<String> segments) {
        for (Compiled compiled : routes) {
            if (compiled.route().method().equals(method) && matches(compiled.segments(), segments)) {
                return compiled;
            }
        }
        return null;
    }

    private static Compiled earlier(Compiled one, Compiled other) {
        if (one == null || other == null) {
            return one == null ? other : one;
        }
        return one.order() < other.order() ? one : other;
    }

    /** The leading segments joined, or null when there are fewer (or, in a pattern, one is not literal). */
    private static String indexKey(List<String> segments, boolean pattern) {
        if (segments.size() < INDEXED_SEGMENTS) {
            return null;
        }
        List<String> leading = segments.subList(0, INDEXED_SEGMENTS);
        if (pattern && leading.stream().anyMatch(segment -> segment.startsWith("{") || segment.equals("**"))) {
            return null;
        }
        return String.join("/", leading);
    }

    private static List<String> split(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        return segments;
    }

    private static boolean matches(List<String> pattern, List<String> path) {
        for (int i = 0; i < pattern.size(); i++) {
            String expected = pattern.get(i);
            if (expected.equals("**")) {
                return path.size() > i;
            }
            if (i >= path.size()) {
                return false;
            }
            if (!expected.startsWith("{") && !expected.equals(path.get(i))) {
                return false;
            }
        }
        return pattern.size() == path.size();
    }
}

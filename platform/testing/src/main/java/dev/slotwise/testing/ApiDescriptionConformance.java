package dev.slotwise.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The check that a service's public JAX-RS resources and the one API description (CONTRACT §12) agree: every
 * operation the description gives the service exists as a resource method with the same HTTP method and path and
 * requires exactly the documented scope ({@code @RolesAllowed}), and every public resource method of the service
 * ({@code /api/…}) is described, as the service's. Resources are read from the service's compiled classes.
 */
public final class ApiDescriptionConformance {

    private static final java.nio.file.Path IN_REPOSITORY = java.nio.file.Path.of("api-gateway", "src", "main",
            "resources", "api", "openapi.yaml");
    /** The description in this checkout, found from the module the test runs in, upwards. */
    static final java.nio.file.Path DESCRIPTION = locate();
    private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
    private static final Map<Class<? extends Annotation>, String> HTTP = Map.of(GET.class, "get", POST.class, "post",
            PUT.class, "put", PATCH.class, "patch", DELETE.class, "delete");

    private ApiDescriptionConformance() {
    }

    private static java.nio.file.Path locate() {
        for (java.nio.file.Path dir = java.nio.file.Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(IN_REPOSITORY))) {
                return dir.resolve(IN_REPOSITORY);
            }
        }
        return IN_REPOSITORY.toAbsolutePath();
    }

    /** The disagreements between the service's resources and the description; empty when they agree. */
    public static List<String> disagreements(String service, java.nio.file.Path compiledClasses) {
        Set<String> described = described(service);
        Set<String> implemented = implemented(compiledClasses);
        List<String> problems = new ArrayList<>();
        for (String operation : described) {
            if (!implemented.contains(operation)) {
                problems.add("described, not implemented with this scope: " + operation);
            }
        }
        for (String operation : implemented) {
            if (!described.contains(operation)) {
                problems.add("implemented, not described for " + service + ": " + operation);
            }
        }
        return problems;
    }

    /** "METHOD /path/{}/with/{}/parameters scope" for each operation the description gives the service. */
    static Set<String> described(String service) {
        JsonNode paths;
        try {
            paths = new YAMLMapper().readTree(Files.readAllBytes(DESCRIPTION)).path("paths");
        } catch (IOException e) {
            throw new UncheckedIOException("the API description is read from " + DESCRIPTION.toAbsolutePath(), e);
        }
        Set<String> operations = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = paths.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> path = entries.next();
            if (!service.equals(path.getValue().path("x-slotwise-service").asText())) {
                continue;
            }
            for (String method : METHODS) {
                JsonNode operation = path.getValue().get(method);
                if (operation != null) {
                    operations.add(key(method, path.getKey(), operation.path("x-slotwise-scope").asText()));
                }
            }
        }
        return operations;
    }

    /** The same, for every resource method of the compiled classes whose path starts with /api/. */
    static Set<String> implemented(java.nio.file.Path compiledClasses) {
        Set<String> operations = new TreeSet<>();
        ClassLoader loader = ApiDescriptionConformance.class.getClassLoader();
        try (Stream<java.nio.file.Path> files = Files.walk(compiledClasses)) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = compiledClasses.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type;
                try {
                    type = Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    continue;
                }
                Path base = type.getAnnotation(Path.class);
                if (base == null) {
                    continue;
                }
                for (Method method : type.getDeclaredMethods()) {
                    String verb = HTTP.entrySet().stream().filter(e -> method.isAnnotationPresent(e.getKey()))
                            .map(Map.Entry::getValue).findFirst().orElse(null);
                    if (verb == null) {
                        continue;
                    }
                    Path sub = method.getAnnotation(Path.class);
                    String path = join(base.value(), sub == null ? "" : sub.value());
                    if (!path.startsWith("/api/")) {
                        continue;
                    }
                    operations.add(key(verb, path, scopeOf(type, method)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return operations;
    }

    private static String scopeOf(Class<?> type, Method method) {
        RolesAllowed roles = method.getAnnotation(RolesAllowed.class);
        if (roles == null && !method.isAnnotationPresent(PermitAll.class)) {
            roles = type.getAnnotation(RolesAllowed.class);
        }
        return roles == null ? "(no scope)" : String.join(",", roles.value());
    }

    private static String join(String base, String sub) {
        String path = ("/" + base + "/" + sub).replaceAll("/+", "/");
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static String key(String method, String path, String scope) {
        return method.toUpperCase(Locale.ROOT) + " " + path.replaceAll("\\{[^/]+}", "{}") + " " + scope;
    }
}

package dev.slotwise.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A Maven module of the repository that has main sources or resources ({@code <module>/src/main} or
 * {@code platform/<module>/src/main}), and the service that reads its configuration: the chassis, platform/commons, is
 * in every service.
 */
record SourceModule(String path, Path dir) {

    static final String CHASSIS = "platform/commons";

    static List<SourceModule> of(Path root) {
        List<SourceModule> modules = new ArrayList<>();
        for (Path parent : List.of(root, root.resolve("platform"))) {
            try (Stream<Path> children = Files.list(parent)) {
                children.filter(dir -> Files.isDirectory(dir.resolve("src/main")))
                        .forEach(dir -> modules.add(new SourceModule(
                                root.relativize(dir).toString().replace('\\', '/'), dir)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        modules.sort(Comparator.comparing(SourceModule::isChassis).reversed().thenComparing(SourceModule::path));
        return modules;
    }

    boolean isChassis() {
        return path.equals(CHASSIS);
    }

    /** Who reads this module's settings, as the reference's headings name it. */
    String readBy() {
        return isChassis() ? "Every service (" + CHASSIS + ")" : path;
    }

    Path javaSources() {
        return dir.resolve("src/main/java");
    }

    /** The properties files Quarkus reads from this module's jar, in the order the reference lists them. */
    List<Path> propertiesFiles() {
        return Stream.of("src/main/resources/application.properties",
                        "src/main/resources/META-INF/microprofile-config.properties")
                .map(dir::resolve)
                .filter(Files::isRegularFile)
                .toList();
    }
}

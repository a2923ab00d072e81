package dev.slotwise.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * docs/configuration.md, written from the repository's sources: per module (the chassis first, as "every service"),
 * the properties of each {@code @ConfigMapping} interface, the other {@code slotwise.*} properties its classes inject and
 * the environment variables its properties files read.
 * Everything is sorted, so the same sources always give the same text.
 */
final class ConfigurationReference {

    static final String REGENERATE = "./mvnw -B -pl platform/local-stack -am test -Dtest=ConfigurationReferenceTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dslotwise.docs.write=true";

    private final Path root;
    private final Path document;
    private final StringBuilder out = new StringBuilder();

    private ConfigurationReference(Path root) {
        this.root = root;
        this.document = root.resolve("docs/configuration.md");
    }

    static String of(Path root) {
        return new ConfigurationReference(root).render();
    }

    private String render() {
        header();
        List<SourceModule> modules = SourceModule.of(root);
        List<PropertiesFile> chassisFiles = modules.stream().filter(SourceModule::isChassis).findFirst()
                .map(m -> m.propertiesFiles().stream().map(PropertiesFile::read).toList()).orElse(List.of());
        for (SourceModule module : modules) {
            List<MappingInterface> mappings = MappingInterface.in(module.javaSources());
            List<MappedProperty> injected = InjectedProperty.in(module.javaSources());
            List<PropertiesFile> files = module.propertiesFiles().stream().map(PropertiesFile::read).toList();
            List<PropertiesFile> readingEnvironment = files.stream()
                    .filter(file -> file.entries().stream().anyMatch(e -> !placeholders(e).isEmpty())).toList();
            if (mappings.isEmpty() && injected.isEmpty() && readingEnvironment.isEmpty()) {
                continue;
            }
            line("## " + module.readBy());
            line("");
            List<PropertiesFile> settingFiles = new ArrayList<>(files);
            if (!module.isChassis()) {
                settingFiles.addAll(chassisFiles);
            }
            mappings.forEach(mapping -> mapping(mapping, settingFiles));
            if (!injected.isEmpty()) {
                line("### Other `slotwise.*` properties");
                line("");
                line("Injected one at a time (`@ConfigProperty`).");
                line("");
                propertyTable(injected, settingFiles);
            }
            readingEnvironment.forEach(this::environmentTable);
        }
        return out.toString();
    }

    private void header() {
        line("# Configuration reference");
        line("");
        line("Generated from the sources by `ConfigurationReferenceTest` (platform/local-stack), which fails the build "
                + "when this file no longer matches them: change the `@ConfigMapping` interfaces' Javadoc and defaults, "
                + "the `@ConfigProperty` injections or the comments in the properties files, never this file, and "
                + "regenerate it with");
        line("");
        line("```bash");
        line(REGENERATE);
        line("```");
        line("");
        line("Every property can also be set as an environment variable: SmallRye Config's rule, upper case with every "
                + "character other than a letter or a digit an underscore, gives the names listed. A default written "
                + "`${NAME:value}` comes from the service's properties file: the environment variable `NAME`, else "
                + "`value`. Durations are written `500ms`, `10s`, `5m`, `1h`, `2d` or ISO-8601 (`PT10S`); lists are comma "
                + "separated. [operating.md](operating.md) says how the settings are used.");
        line("");
    }

    private void mapping(MappingInterface mapping, List<PropertiesFile> settingFiles) {
        String prefix = mapping.prefix().isEmpty() ? "(no prefix)" : "`" + mapping.prefix() + ".*`";
        line("### " + prefix + ": " + mapping.name());
        line("");
        String source = link(mapping.source());
        line(mapping.description().isEmpty() ? "Read by " + source + "." : mapping.description() + " (" + source + ")");
        line("");
        propertyTable(mapping.properties(), settingFiles);
    }

    private void propertyTable(List<MappedProperty> properties, List<PropertiesFile> settingFiles) {
        line("| Property | Environment variable | Type | Default | Description |");
        line("|---|---|---|---|---|");
        for (MappedProperty property : properties) {
            line(row(code(property.name()), code(property.environmentVariable()), property.type(),
                    defaultOf(property, settingFiles), property.description()));
        }
        line("");
    }

    /** What the property is when nothing sets it: the properties files' value, else its @WithDefault. */
    private static String defaultOf(MappedProperty property, List<PropertiesFile> settingFiles) {
        int key = property.name().indexOf(MappedProperty.MAP_KEY);
        if (key >= 0) {
            String keys = settingFiles.stream().flatMap(file -> file.entries().stream())
                    .filter(entry -> !entry.isProfileSpecific())
                    .map(PropertiesFile.Entry::key)
                    .filter(name -> name.startsWith(property.name().substring(0, key)))
                    .map(name -> code(name.substring(key)))
                    .sorted().distinct().collect(Collectors.joining(", "));
            if (!keys.isEmpty()) {
                return "set for " + keys + " in the properties file";
            }
        }
        Optional<String> set = settingFiles.stream().map(file -> file.value(property.name()))
                .flatMap(Optional::stream).findFirst();
        if (set.isPresent()) {
            return set.get().isEmpty() ? "empty" : code(set.get());
        }
        if (property.withDefault().isPresent()) {
            return property.withDefault().get().isEmpty() ? "empty" : code(property.withDefault().get());
        }
        return property.optional() ? "unset" : "required";
    }

    private void environmentTable(PropertiesFile file) {
        line("### Environment variables of " + file.path().getFileName());
        line("");
        line("Read by " + link(file.path()) + ".");
        line("");
        line("| Environment variable | Sets | Default | Description |");
        line("|---|---|---|---|");
        file.entries().stream().flatMap(entry -> placeholders(entry).stream())
                .sorted(Comparator.comparing(EnvironmentPlaceholder::variable)
                        .thenComparing(EnvironmentPlaceholder::property))
                .forEach(p -> line(row(code(p.variable()), code(p.property()),
                        p.defaultValue().map(v -> v.isEmpty() ? "empty" : code(v)).orElse("required"),
                        p.description())));
        line("");
    }

    private static List<EnvironmentPlaceholder> placeholders(PropertiesFile.Entry entry) {
        return entry.isProfileSpecific() ? List.of() : EnvironmentPlaceholder.in(entry);
    }

    private String link(Path file) {
        String shown = root.relativize(file).toString().replace('\\', '/');
        String target = document.getParent().relativize(file).toString().replace('\\', '/');
        return "[" + shown + "](" + target + ")";
    }

    private static String code(String text) {
        return text.contains("`") ? "`` " + text + " ``" : "`" + text + "`";
    }

    private static String row(String... cells) {
        StringBuilder row = new StringBuilder("|");
        for (String cell : cells) {
            row.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        return row.toString();
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}

package dev.slotwise.docs;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.comments.JavadocComment;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A {@code @ConfigMapping} interface read from its source with JavaParser: the prefix, the interface's Javadoc and
 * every property it maps, nested groups (interfaces declared in the same file) flattened into full names the way
 * SmallRye Config builds them: the prefix, then each method's name in kebab case or its {@code @WithName}, a
 * {@code @WithParentName} group adding no segment, a {@code Map}'s key as {@code <name>}.
 */
record MappingInterface(String prefix, String name, Path source, String description, List<MappedProperty> properties) {

    static List<MappingInterface> in(Path javaSources) {
        List<MappingInterface> found = new ArrayList<>();
        for (JavaSources.Source source : JavaSources.mentioning(javaSources, "@ConfigMapping")) {
            source.unit().findAll(ClassOrInterfaceDeclaration.class,
                            type -> type.isInterface() && type.getAnnotationByName("ConfigMapping").isPresent())
                    .forEach(type -> found.add(read(type, source.unit(), source.file())));
        }
        found.sort(Comparator.comparing(MappingInterface::prefix).thenComparing(MappingInterface::name));
        return found;
    }

    private static MappingInterface read(ClassOrInterfaceDeclaration type, CompilationUnit unit, Path file) {
        String prefix = type.getAnnotationByName("ConfigMapping")
                .flatMap(a -> JavaSources.attribute(a, "prefix")).orElse("");
        List<MappedProperty> properties = new ArrayList<>();
        collect(type, unit, prefix, properties);
        properties.sort(Comparator.comparing(MappedProperty::name));
        String description = type.getJavadocComment()
                .map(javadoc -> JavadocText.toMarkdown(javadoc.getContent(), method -> Optional.empty()))
                .orElse("");
        return new MappingInterface(prefix, type.getNameAsString(), file, description, List.copyOf(properties));
    }

    private static void collect(ClassOrInterfaceDeclaration group, CompilationUnit unit, String prefix,
            List<MappedProperty> into) {
        Map<String, String> names = new HashMap<>();
        List<MethodDeclaration> members = group.getMethods().stream()
                .filter(m -> m.getBody().isEmpty() && !m.isStatic() && !m.isDefault() && m.getParameters().isEmpty())
                .toList();
        members.forEach(m -> names.put(m.getNameAsString(), join(prefix, segment(m))));
        Function<String, Optional<String>> linked = method -> Optional.ofNullable(names.get(method));
        for (MethodDeclaration member : members) {
            String name = names.get(member.getNameAsString());
            Type type = member.getType();
            boolean optional = isNamed(type, "Optional") || type.asString().matches("Optional(Int|Long|Double)");
            if (isNamed(type, "Optional")) {
                type = argument(type, 0);
            }
            if (isNamed(type, "Map")) {
                name = join(name, MappedProperty.MAP_KEY);
                type = argument(type, 1);
            }
            Optional<ClassOrInterfaceDeclaration> nested = groupNamed(type, unit);
            if (nested.isPresent()) {
                collect(nested.get(), unit, member.getAnnotationByName("WithParentName").isPresent() ? prefix : name,
                        into);
                continue;
            }
            into.add(new MappedProperty(name, TypeWords.of(type),
                    member.getAnnotationByName("WithDefault").flatMap(a -> JavaSources.attribute(a, "value")), optional,
                    member.getJavadocComment().map(JavadocComment::getContent)
                            .map(content -> JavadocText.toMarkdown(content, linked)).orElse("")));
        }
    }

    private static String segment(MethodDeclaration member) {
        if (member.getAnnotationByName("WithParentName").isPresent()) {
            return "";
        }
        return member.getAnnotationByName("WithName").flatMap(a -> JavaSources.attribute(a, "value"))
                .orElseGet(() -> kebabCase(member.getNameAsString()));
    }

    /** SmallRye Config's default naming: {@code retryDelay} is {@code retry-delay}, {@code publicURL} {@code public-url}. */
    static String kebabCase(String camelCase) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < camelCase.length(); i++) {
            char c = camelCase.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                char before = camelCase.charAt(i - 1);
                boolean wordStarts = Character.isLowerCase(before) || Character.isDigit(before)
                        || (i + 1 < camelCase.length() && Character.isLowerCase(camelCase.charAt(i + 1)));
                if (wordStarts) {
                    out.append('-');
                }
            }
            out.append(Character.toLowerCase(c));
        }
        return out.toString();
    }

    private static String join(String prefix, String segment) {
        if (prefix.isEmpty() || segment.isEmpty()) {
            return prefix + segment;
        }
        return prefix + "." + segment;
    }

    static boolean isNamed(Type type, String name) {
        return type instanceof ClassOrInterfaceType named && named.getNameAsString().equals(name);
    }

    static Type argument(Type type, int index) {
        return type.asClassOrInterfaceType().getTypeArguments()
                .filter(arguments -> arguments.size() > index).map(arguments -> arguments.get(index))
                .orElseThrow(() -> new IllegalStateException(type + " has no type argument " + index));
    }

    private static Optional<ClassOrInterfaceDeclaration> groupNamed(Type type, CompilationUnit unit) {
        if (!(type instanceof ClassOrInterfaceType named)) {
            return Optional.empty();
        }
        return unit.findFirst(ClassOrInterfaceDeclaration.class,
                declaration -> declaration.isInterface() && declaration.getNameAsString().equals(named.getNameAsString()));
    }
}

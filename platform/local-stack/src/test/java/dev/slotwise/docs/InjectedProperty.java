package dev.slotwise.docs;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import com.github.javaparser.ast.type.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A Slotwise property a class injects on its own ({@code @ConfigProperty(name = "slotwise.…")}, outside any
 * {@code @ConfigMapping}), with its type, default and the classes that read it. Quarkus's own properties are left to
 * Quarkus's reference.
 */
final class InjectedProperty {

    private InjectedProperty() {
    }

    static List<MappedProperty> in(Path javaSources) {
        Map<String, MappedProperty> byName = new TreeMap<>();
        Map<String, TreeSet<String>> readers = new TreeMap<>();
        for (JavaSources.Source source : JavaSources.mentioning(javaSources, "@ConfigProperty")) {
            List<NodeWithAnnotations<?>> annotated = new ArrayList<>();
            annotated.addAll(source.unit().findAll(Parameter.class));
            annotated.addAll(source.unit().findAll(FieldDeclaration.class));
            for (NodeWithAnnotations<?> node : annotated) {
                Optional<AnnotationExpr> annotation = node.getAnnotationByName("ConfigProperty");
                Optional<String> name = annotation.flatMap(a -> JavaSources.attribute(a, "name"));
                if (name.isEmpty() || !name.get().startsWith("slotwise.")) {
                    continue;
                }
                Type type = node instanceof Parameter parameter
                        ? parameter.getType()
                        : ((FieldDeclaration) node).getElementType();
                boolean optional = MappingInterface.isNamed(type, "Optional");
                Type valueType = optional ? MappingInterface.argument(type, 0) : type;
                byName.putIfAbsent(name.get(), new MappedProperty(name.get(), TypeWords.of(valueType),
                        annotation.flatMap(a -> JavaSources.attribute(a, "defaultValue")), optional, ""));
                readers.computeIfAbsent(name.get(), n -> new TreeSet<>()).add(declaringType((Node) node));
            }
        }
        return byName.values().stream()
                .map(p -> new MappedProperty(p.name(), p.type(), p.withDefault(), p.optional(),
                        "Read by " + String.join(", ", readers.get(p.name()).stream().map(r -> "`" + r + "`").toList())
                                + "."))
                .sorted(Comparator.comparing(MappedProperty::name))
                .toList();
    }

    private static String declaringType(Node node) {
        return node.findAncestor(TypeDeclaration.class).map(TypeDeclaration::getNameAsString).orElse("?");
    }
}

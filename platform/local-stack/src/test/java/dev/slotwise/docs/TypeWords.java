package dev.slotwise.docs;

import com.github.javaparser.ast.type.Type;
import java.util.Map;

/** A mapped property's Java type as a reader of the reference would say it: {@code List<Duration>} is "list of durations". */
final class TypeWords {

    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("Duration", "duration"),
            Map.entry("int", "integer"), Map.entry("Integer", "integer"), Map.entry("OptionalInt", "integer"),
            Map.entry("long", "integer"), Map.entry("Long", "integer"), Map.entry("OptionalLong", "integer"),
            Map.entry("short", "integer"), Map.entry("Short", "integer"), Map.entry("BigInteger", "integer"),
            Map.entry("double", "decimal"), Map.entry("Double", "decimal"), Map.entry("OptionalDouble", "decimal"),
            Map.entry("float", "decimal"), Map.entry("Float", "decimal"), Map.entry("BigDecimal", "decimal"),
            Map.entry("boolean", "boolean"), Map.entry("Boolean", "boolean"),
            Map.entry("String", "text"), Map.entry("char", "character"), Map.entry("Character", "character"),
            Map.entry("URI", "URL"), Map.entry("URL", "URL"), Map.entry("Path", "path"),
            Map.entry("InetAddress", "address"), Map.entry("Pattern", "regular expression"));

    private TypeWords() {
    }

    static String of(Type type) {
        if (MappingInterface.isNamed(type, "List") || MappingInterface.isNamed(type, "Set")) {
            return "list of " + plural(of(MappingInterface.argument(type, 0))) + " (comma separated)";
        }
        String simple = type.isClassOrInterfaceType()
                ? type.asClassOrInterfaceType().getNameAsString()
                : type.asString();
        return WORDS.getOrDefault(simple, "`" + simple + "`");
    }

    private static String plural(String word) {
        return switch (word) {
            case "text" -> "text";
            case "boolean" -> "booleans";
            default -> word.endsWith("`") ? word : word + "s";
        };
    }
}

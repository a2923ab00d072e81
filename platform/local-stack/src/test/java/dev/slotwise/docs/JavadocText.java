package dev.slotwise.docs;

import java.util.Optional;
import java.util.function.Function;

/**
 * A Javadoc comment as one line of Markdown: its description without the block tags ({@code @param}, {@code @see} …),
 * whitespace collapsed, HTML tags dropped, {@code {@code x}} as {@code `x`} and a {@code {@link}} as the code name it
 * points at (a method of the same mapping as its property's name, through {@code linkedMethod}).
 */
final class JavadocText {

    private JavadocText() {
    }

    /**
     * @param content the comment between {@code /**} and its end, as JavaParser gives it
     * @param linkedMethod the name to show for {@code {@link #method()}}, if the method maps a property
     */
    static String toMarkdown(String content, Function<String, Optional<String>> linkedMethod) {
        StringBuilder description = new StringBuilder();
        for (String line : content.split("\\R")) {
            String text = line.strip();
            if (text.startsWith("*")) {
                text = text.substring(1).strip();
            }
            if (text.startsWith("@")) {
                break;
            }
            description.append(text).append(' ');
        }
        String oneLine = description.toString()
                .replaceAll("(?i)</?(p|br|ul|ol|li)\\b[^>]*>", " ")
                .replaceAll("(?i)</?(em|i|b|strong)>", "")
                .replaceAll("\\s+", " ")
                .strip();
        return inlineTags(oneLine, linkedMethod);
    }

    private static String inlineTags(String text, Function<String, Optional<String>> linkedMethod) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        int tag = text.indexOf("{@", at);
        while (tag >= 0) {
            int end = Braces.closing(text, tag);
            if (end < 0) {
                break;
            }
            out.append(text, at, tag);
            String body = text.substring(tag + 2, end);
            int space = body.indexOf(' ');
            String name = space < 0 ? body : body.substring(0, space);
            String argument = space < 0 ? "" : body.substring(space + 1).strip();
            out.append(switch (name) {
                case "code", "literal" -> "`" + argument + "`";
                case "link", "linkplain" -> link(argument, name.equals("linkplain"), linkedMethod);
                default -> argument;
            });
            at = end + 1;
            tag = text.indexOf("{@", at);
        }
        return out.append(text.substring(at)).toString();
    }

    private static String link(String argument, boolean plain, Function<String, Optional<String>> linkedMethod) {
        int space = argument.indexOf(' ');
        if (space >= 0) {
            String label = argument.substring(space + 1).strip();
            return plain ? label : "`" + label + "`";
        }
        String reference = argument.replaceAll("\\(.*\\)$", "");
        if (reference.startsWith("#")) {
            return "`" + linkedMethod.apply(reference.substring(1)).orElse(reference.substring(1) + "()") + "`";
        }
        return "`" + reference.replace('#', '.') + "`";
    }
}

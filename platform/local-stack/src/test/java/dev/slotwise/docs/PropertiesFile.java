package dev.slotwise.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@code .properties} file read as written: each entry's key, its value before any expansion, and the comment lines
 * directly above it. {@link java.util.Properties} would lose the comments and nothing here expands a value.
 */
record PropertiesFile(Path path, List<Entry> entries) {

    /** One {@code key=value} line (continuations joined), with the {@code #} lines directly above it, unprefixed. */
    record Entry(String key, String value, List<String> comment) {

        /** A key under a profile ({@code %test.…}) applies only in that profile, not where the services run. */
        boolean isProfileSpecific() {
            return key.startsWith("%");
        }
    }

    static PropertiesFile read(Path path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Entry> entries = new ArrayList<>();
        List<String> comment = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                comment.clear();
            } else if (line.startsWith("#") || line.startsWith("!")) {
                comment.add(line.substring(1).strip());
            } else {
                StringBuilder logical = new StringBuilder(line);
                while (endsInContinuation(logical) && i + 1 < lines.size()) {
                    logical.setLength(logical.length() - 1);
                    logical.append(lines.get(++i).strip());
                }
                entries.add(entry(logical.toString(), List.copyOf(comment)));
                comment.clear();
            }
        }
        return new PropertiesFile(path, List.copyOf(entries));
    }

    Optional<String> value(String key) {
        return entries.stream().filter(e -> e.key().equals(key)).map(Entry::value).reduce((first, last) -> last);
    }

    private static Entry entry(String line, List<String> comment) {
        int separator = -1;
        for (int i = 0; i < line.length() && separator < 0; i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                separator = i;
            }
        }
        if (separator < 0) {
            return new Entry(line, "", comment);
        }
        String value = line.substring(separator + 1).strip();
        if (!value.isEmpty() && (value.charAt(0) == '=' || value.charAt(0) == ':')
                && Character.isWhitespace(line.charAt(separator))) {
            value = value.substring(1).strip();
        }
        return new Entry(line.substring(0, separator).strip(), value, comment);
    }

    private static boolean endsInContinuation(CharSequence line) {
        int backslashes = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }
}

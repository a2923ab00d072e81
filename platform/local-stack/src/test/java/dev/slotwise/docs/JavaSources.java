package dev.slotwise.docs;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.NormalAnnotationExpr;
import com.github.javaparser.ast.expr.SingleMemberAnnotationExpr;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A module's Java sources parsed with JavaParser, only the files that mention a word (an annotation's name). */
final class JavaSources {

    record Source(Path file, CompilationUnit unit) {
    }

    private static final JavaParser PARSER = new JavaParser(
            new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));

    private JavaSources() {
    }

    static List<Source> mentioning(Path javaSources, String word) {
        if (!Files.isDirectory(javaSources)) {
            return List.of();
        }
        List<Source> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(javaSources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                if (Files.readString(file).contains(word)) {
                    found.add(new Source(file, parse(file)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    private static CompilationUnit parse(Path file) throws IOException {
        ParseResult<CompilationUnit> result = PARSER.parse(file);
        return result.getResult().filter(unit -> result.isSuccessful())
                .orElseThrow(() -> new IllegalStateException(file + " does not parse: " + result.getProblems()));
    }

    /** A string attribute of an annotation ({@code value} also as its single member). */
    static Optional<String> attribute(AnnotationExpr annotation, String name) {
        if (annotation instanceof SingleMemberAnnotationExpr single && name.equals("value")) {
            return Optional.of(single.getMemberValue().asStringLiteralExpr().asString());
        }
        if (annotation instanceof NormalAnnotationExpr normal) {
            return normal.getPairs().stream().filter(pair -> pair.getNameAsString().equals(name)).findFirst()
                    .map(pair -> pair.getValue().asStringLiteralExpr().asString());
        }
        return Optional.empty();
    }
}

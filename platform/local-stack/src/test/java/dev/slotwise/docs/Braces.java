package dev.slotwise.docs;

/** Braces in Javadoc inline tags and in {@code ${…}} expressions, which may nest ({@code {@code {base_url}}}). */
final class Braces {

    private Braces() {
    }

    /** The index of the brace that closes the one at {@code open}, nested pairs skipped; -1: it is never closed. */
    static int closing(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}

package dev.slotwise.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of every Markdown file in the repository leads somewhere: platform/docs-links/check.py finds the
 * file each names and, for an anchor, the heading that makes it. A renamed heading or a moved file fails the build.
 */
class DocumentationLinksTest {

    @Test
    void everyRelativeMarkdownLinkResolves() throws IOException, InterruptedException {
        Process check = new ProcessBuilder("python3",
                ConfigurationReferenceTest.ROOT.resolve("platform/docs-links/check.py").toString(),
                ConfigurationReferenceTest.ROOT.toString())
                .redirectErrorStream(true)
                .start();
        check.getOutputStream().close();
        String output = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(60, TimeUnit.SECONDS)).as("check.py finished").isTrue();
        assertThat(check.exitValue()).as("platform/docs-links/check.py found broken links:%n%s", output).isZero();
        assertThat(output).as("check.py's summary").contains("relative links checked, 0 broken");
    }
}

package dev.slotwise.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md is what the sources say (issue 43): regenerated from every {@code @ConfigMapping} interface and
 * every {@code ${ENV:default}} of the properties files, it must equal the committed file, so a new setting, a changed
 * default or description fails the build until the reference is regenerated. With {@code -Dslotwise.docs.write=true}
 * the test writes the file instead.
 */
class ConfigurationReferenceTest {

    static final Path ROOT = Path.of(System.getProperty("slotwise.home", "../..")).toAbsolutePath().normalize();

    @Test
    void theCommittedReferenceIsTheOneTheSourcesGive() throws IOException {
        Path committed = ROOT.resolve("docs/configuration.md");
        String generated = ConfigurationReference.of(ROOT);
        if (Boolean.getBoolean("slotwise.docs.write")) {
            Files.writeString(committed, generated);
        }
        assertThat(committed)
                .as("docs/configuration.md differs from what the sources give (below: expected = generated, but was ="
                        + " committed); regenerate it with%n  %s%n", ConfigurationReference.REGENERATE)
                .hasContent(generated);
    }

    @Test
    void propertyNamesAreKebabCaseAsSmallRyeConfigMakesThem() {
        assertThat(MappingInterface.kebabCase("timeout")).isEqualTo("timeout");
        assertThat(MappingInterface.kebabCase("retryDelay")).isEqualTo("retry-delay");
        assertThat(MappingInterface.kebabCase("circuitFailureRatio")).isEqualTo("circuit-failure-ratio");
        assertThat(MappingInterface.kebabCase("publicURL")).isEqualTo("public-url");
        assertThat(MappingInterface.kebabCase("upstreamHTTPTimeout")).isEqualTo("upstream-http-timeout");
    }

    @Test
    void environmentVariablesAreUpperCaseWithUnderscores() {
        assertThat(MappedProperty.environmentVariable("slotwise.lookups.retry-delay"))
                .isEqualTo("SLOTWISE_LOOKUPS_RETRY_DELAY");
        assertThat(MappedProperty.environmentVariable("slotwise.gateway.services.<name>"))
                .isEqualTo("SLOTWISE_GATEWAY_SERVICES_<NAME>");
    }

    @Test
    void javadocBecomesOneLineOfMarkdownWithCodeForInlineTags() {
        String content = """
                 * {@code {base_url}} of the feeds, after {@link #lease()} or {@link TenantGuards}
                 * (<i>CIDRs</i>).
                 *
                 * @return the URL
                """;
        assertThat(JavadocText.toMarkdown(content, method -> Optional.of("slotwise.webhooks." + method)))
                .isEqualTo("`{base_url}` of the feeds, after `slotwise.webhooks.lease` or `TenantGuards` (CIDRs).");
    }

    @Test
    void aPlaceholderNamesAnEnvironmentVariableAndKeepsANestedDefaultAsWritten() {
        var entry = new PropertiesFile.Entry("quarkus.management.host",
                "${SLOTWISE_MANAGEMENT_HOST:${quarkus.http.host}}", List.of("the management", "interface"));
        assertThat(EnvironmentPlaceholder.in(entry)).containsExactly(new EnvironmentPlaceholder(
                "SLOTWISE_MANAGEMENT_HOST", "quarkus.management.host", Optional.of("${quarkus.http.host}"),
                "the management interface"));
        assertThat(EnvironmentPlaceholder.in(new PropertiesFile.Entry("x", "${quarkus.application.name}", List.of())))
                .isEmpty();
        assertThat(EnvironmentPlaceholder.in(new PropertiesFile.Entry("x", "${SLOTWISE_KEY}", List.of())))
                .containsExactly(new EnvironmentPlaceholder("SLOTWISE_KEY", "x", Optional.empty(), ""));
    }
}

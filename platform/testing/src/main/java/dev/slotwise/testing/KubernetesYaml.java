package dev.slotwise.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** The resources of a Kubernetes YAML file (k8s/), for tests that set things up as the deployment describes them. */
final class KubernetesYaml {

    private static final YAMLMapper YAML = new YAMLMapper();

    private KubernetesYaml() {
    }

    /** Every document of the file, empty ones left out. */
    static List<JsonNode> documents(Path file) {
        try (MappingIterator<JsonNode> documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
            return documents.readAll().stream().filter(d -> d != null && d.isObject()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}

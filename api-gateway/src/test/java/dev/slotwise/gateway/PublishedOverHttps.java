package dev.slotwise.gateway;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The gateway published at an HTTPS address, as behind a load balancer that terminates TLS: the tests still speak
 * plain HTTP to it, and it answers as it does to browsers on HTTPS (secure cookies, HTTPS redirects).
 */
public class PublishedOverHttps implements QuarkusTestProfile {

    static final String PUBLIC_URL = "https://api.slotwise.example";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("slotwise.gateway.public-url", PUBLIC_URL);
    }
}

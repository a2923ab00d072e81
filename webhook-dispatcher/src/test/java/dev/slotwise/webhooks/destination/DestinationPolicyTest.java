package dev.slotwise.webhooks.destination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.WebhooksConfig;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The SSRF refusal of CONTRACT §8, form by form, with a resolver that answers what a hostile DNS would. */
class DestinationPolicyTest {

    private static final Map<String, List<String>> DNS = Map.of(
            "public.example.test", List.of("93.184.216.34"),
            "internal.example.test", List.of("10.1.2.3"),
            "mixed.example.test", List.of("93.184.216.34", "10.0.0.1"),
            "metadata.example.test", List.of("169.254.169.254"),
            "v6-private.example.test", List.of("fd00::5"),
            "localhost", List.of("127.0.0.1", "::1"));

    private final AtomicInteger rebindLookups = new AtomicInteger();
    private final HostResolver resolver = host -> {
        if (host.equals("rebind.example.test")) {
            // public when the endpoint is registered, private a moment later
            return new InetAddress[] {InetAddress.getByName(rebindLookups.getAndIncrement() == 0 ? "93.184.216.34" : "10.0.0.7")};
        }
        List<String> addresses = DNS.get(host);
        if (addresses == null) {
            throw new UnknownHostException(host);
        }
        InetAddress[] resolved = new InetAddress[addresses.size()];
        for (int i = 0; i < resolved.length; i++) {
            resolved[i] = InetAddress.getByName(addresses.get(i));
        }
        return resolved;
    };
    private final DestinationPolicy strict = new DestinationPolicy(config(List.of(), false), resolver);

    @ParameterizedTest
    @ValueSource(strings = {
            "https://10.0.0.1/hooks",
            "https://172.16.5.4/",
            "https://192.168.1.1/",
            "https://127.0.0.1/",
            "https://169.254.169.254/latest/meta-data/",
            "https://[::ffff:10.0.0.1]/",
            "https://[::ffff:7f00:1]/",
            "https://167772161/",
            "https://2130706433/",
            "https://0177.0.0.1/",
            "https://0x7f.0.0.1/",
            "https://0x7f000001/",
            "https://127.1/",
            "https://0.0.0.0/",
            "https://0/",
            "https://internal.example.test/",
            "https://mixed.example.test/",
            "https://metadata.example.test/",
            "https://v6-private.example.test/",
            "https://localhost:8443/",
            "https://[::1]/",
            "https://[::]/",
            "https://[fd12:3456::1]/",
            "https://[fe80::1]/",
            "https://100.64.0.1/",
            "https://224.0.0.1/",
            "https://[ff02::1]/",
            "https://[64:ff9b::a00:1]/",
            "http://93.184.216.34/",
            "http://public.example.test/",
            "ftp://public.example.test/",
            "https://user:secret@public.example.test/",
            "https://nowhere.example.test/",
            "https:///no-host",
            "hooks.example.test/relative",
    })
    void refusesEveryFormOfAnInternalOrUnsafeDestination(String url) {
        assertThatThrownBy(() -> strict.pin(url)).isInstanceOf(DestinationRefused.class);
        assertThatThrownBy(() -> strict.check(url)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.getMessage()).isNotBlank());
    }

    @Test
    void pinsThePublicAddressTheNameResolvedTo() {
        Destination destination = strict.pin("https://public.example.test/hooks/in?x=1");
        assertThat(destination.address().getHostAddress()).isEqualTo("93.184.216.34");
        assertThat(destination.host()).isEqualTo("public.example.test");
        assertThat(destination.port()).isEqualTo(443);
        assertThat(destination.https()).isTrue();
        assertThat(destination.requestTarget()).isEqualTo("/hooks/in?x=1");
        assertThat(strict.pin("https://93.184.216.34:8443").requestTarget()).isEqualTo("/");
    }

    @Test
    void onlyANameNeedsALookup() {
        assertThat(strict.needsLookup("https://public.example.test/hooks")).isTrue();
        assertThat(strict.needsLookup("https://93.184.216.34/hooks")).isFalse();
        assertThat(strict.needsLookup("https://[::ffff:10.0.0.1]/")).isFalse();
        assertThat(strict.needsLookup("https://0177.0.0.1/")).isFalse();
    }

    @Test
    void aNameThatRebindsToAPrivateAddressIsRefusedAtConnectTime() {
        assertThat(strict.check("https://rebind.example.test/hooks")).hasHost("rebind.example.test");
        assertThatThrownBy(() -> strict.pin("https://rebind.example.test/hooks")).isInstanceOf(DestinationRefused.class);
    }

    @Test
    void allowedRangesAreExemptAndPlainHttpOnlyInsideThem() {
        DestinationPolicy local = new DestinationPolicy(config(List.of("127.0.0.0/8", "::1/128"), true), resolver);
        assertThat(local.pin("http://127.0.0.1:8080/hooks").address().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(local.pin("http://localhost:8080/hooks").port()).isEqualTo(8080);
        assertThat(local.pin("https://public.example.test/").port()).isEqualTo(443);
        assertThatThrownBy(() -> local.pin("http://public.example.test/")).isInstanceOf(DestinationRefused.class);
        assertThatThrownBy(() -> local.pin("https://[::ffff:127.0.0.1]/")).isInstanceOf(DestinationRefused.class);
        assertThatThrownBy(() -> local.pin("https://10.0.0.1/")).isInstanceOf(DestinationRefused.class);
        DestinationPolicy noHttp = new DestinationPolicy(config(List.of("127.0.0.0/8"), false), resolver);
        assertThatThrownBy(() -> noHttp.pin("http://127.0.0.1:8080/")).isInstanceOf(DestinationRefused.class);
        assertThat(noHttp.pin("https://127.0.0.1:8443/").port()).isEqualTo(8443);
    }

    private static WebhooksConfig config(List<String> allowedCidrs, boolean allowHttp) {
        return new WebhooksConfig() {
            @Override
            public List<Duration> retryDelays() {
                return List.of(Duration.ofMinutes(1));
            }

            @Override
            public Duration timeout() {
                return Duration.ofSeconds(10);
            }

            @Override
            public Optional<List<String>> allowedCidrs() {
                return Optional.of(allowedCidrs);
            }

            @Override
            public boolean allowHttp() {
                return allowHttp;
            }

            @Override
            public String encryptionKey() {
                return "";
            }

            @Override
            public Optional<List<String>> retiredEncryptionKeys() {
                return Optional.empty();
            }

            @Override
            public int batchSize() {
                return 64;
            }

            @Override
            public int maxInFlight() {
                return 256;
            }

            @Override
            public int endpointConcurrency() {
                return 8;
            }

            @Override
            public Duration lease() {
                return Duration.ofSeconds(60);
            }

            @Override
            public int connectionsPerHost() {
                return 64;
            }

            @Override
            public int lookupThreads() {
                return 8;
            }

            @Override
            public int maxEndpointsPerTenant() {
                return 20;
            }

            @Override
            public Duration pollInterval() {
                return Duration.ofSeconds(1);
            }
        };
    }
}

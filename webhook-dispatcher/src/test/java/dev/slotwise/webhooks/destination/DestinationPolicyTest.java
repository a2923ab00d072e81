package dev.slotwise.webhooks.destination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The SSRF refusal of CONTRACT §8, form by form (only globally routable unicast passes, and no IPv6 form that carries
 * an IPv4 address), with a resolver that answers what a hostile DNS would.
 */
class DestinationPolicyTest {

    private static final Map<String, List<String>> DNS = Map.of(
            "public.example.test", List.of("93.184.216.34"),
            "internal.example.test", List.of("10.1.2.3"),
            "mixed.example.test", List.of("93.184.216.34", "10.0.0.1"),
            "metadata.example.test", List.of("169.254.169.254"),
            "v6-private.example.test", List.of("fd00::5"),
            "localhost", List.of("127.0.0.1", "::1"));

    private final AtomicInteger rebindLookups = new AtomicInteger();
    private final HostResolver resolver = host -> Uni.createFrom().item(() -> {
        try {
            if (host.equals("rebind.example.test")) {
                // public when the endpoint is registered, private a moment later
                return List.of(InetAddress.getByName(rebindLookups.getAndIncrement() == 0 ? "93.184.216.34" : "10.0.0.7"));
            }
            if (host.equals("silent.example.test")) {
                return null; // a name server that never answers: the lookup never completes
            }
            List<String> addresses = DNS.get(host);
            if (addresses == null) {
                throw new UnknownHostException(host);
            }
            List<InetAddress> resolved = new ArrayList<>();
            for (String address : addresses) {
                resolved.add(InetAddress.getByName(address));
            }
            return resolved;
        } catch (UnknownHostException e) {
            throw new UncheckedIOException(e);
        }
    }).onFailure(UncheckedIOException.class).transform(Throwable::getCause)
            .onItem().ifNull().switchTo(() -> Uni.createFrom().nothing());
    private final DestinationPolicy strict = policy(List.of(), false);

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
            "https://[64:ff9b:1::a00:1]/",
            "https://[::a00:1]/",
            "https://[::7f00:1]/",
            "https://[2002:a00:1::1]/",
            "https://[2002:5db8:d822::1]/",
            "https://[2001:0:5ef5:79fd::1]/",
            "https://[2001:db8::1]/",
            "https://[3fff::1]/",
            "https://[fec0::1]/",
            "https://[100::1]/",
            "https://192.88.99.1/",
            "https://198.18.0.1/",
            "https://255.255.255.255/",
            "https://240.0.0.1/",
            "http://93.184.216.34/",
            "http://public.example.test/",
            "ftp://public.example.test/",
            "https://user:secret@public.example.test/",
            "https://nowhere.example.test/",
            "https:///no-host",
            "hooks.example.test/relative",
    })
    void refusesEveryFormOfAnInternalOrUnsafeDestination(String url) {
        assertThatThrownBy(() -> pin(strict, url)).isInstanceOf(DestinationRefused.class);
        assertThatThrownBy(() -> check(strict, url)).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.getMessage()).isNotBlank());
    }

    @Test
    void pinsThePublicAddressTheNameResolvedTo() {
        Destination destination = pin(strict, "https://public.example.test/hooks/in?x=1");
        assertThat(destination.address().getHostAddress()).isEqualTo("93.184.216.34");
        assertThat(destination.host()).isEqualTo("public.example.test");
        assertThat(destination.port()).isEqualTo(443);
        assertThat(destination.https()).isTrue();
        assertThat(destination.requestTarget()).isEqualTo("/hooks/in?x=1");
        assertThat(pin(strict, "https://93.184.216.34:8443").requestTarget()).isEqualTo("/");
    }

    @Test
    void globallyRoutableAddressesOfBothFamiliesPass() {
        assertThat(pin(strict, "https://[2606:4700::1111]/").address().getHostAddress()).startsWith("2606:4700");
        assertThat(pin(strict, "https://[2a00:1450:4001:80b::200e]/").port()).isEqualTo(443);
        assertThat(pin(strict, "https://1.1.1.1/").port()).isEqualTo(443);
    }

    @Test
    void aNameWhoseServerNeverAnswersIsRefusedWithinTheTimeout() {
        assertThatThrownBy(() -> check(strict, "https://silent.example.test/")).isInstanceOfSatisfying(
                ApiException.class, e -> assertThat(e.getMessage()).isNotBlank());
    }

    @Test
    void aNameThatRebindsToAPrivateAddressIsRefusedAtConnectTime() {
        assertThat(check(strict, "https://rebind.example.test/hooks")).hasHost("rebind.example.test");
        assertThatThrownBy(() -> pin(strict, "https://rebind.example.test/hooks")).isInstanceOf(DestinationRefused.class);
    }

    @Test
    void allowedRangesAreExemptAndPlainHttpOnlyInsideThem() {
        DestinationPolicy local = policy(List.of("127.0.0.0/8", "::1/128"), true);
        assertThat(pin(local, "http://127.0.0.1:8080/hooks").address().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(pin(local, "http://localhost:8080/hooks").port()).isEqualTo(8080);
        assertThat(pin(local, "https://public.example.test/").port()).isEqualTo(443);
        assertThatThrownBy(() -> pin(local, "http://public.example.test/")).isInstanceOf(DestinationRefused.class);
        assertThatThrownBy(() -> pin(local, "https://[::ffff:127.0.0.1]/")).isInstanceOf(DestinationRefused.class);
        assertThatThrownBy(() -> pin(local, "https://10.0.0.1/")).isInstanceOf(DestinationRefused.class);
        DestinationPolicy noHttp = policy(List.of("127.0.0.0/8"), false);
        assertThatThrownBy(() -> pin(noHttp, "http://127.0.0.1:8080/")).isInstanceOf(DestinationRefused.class);
        assertThat(pin(noHttp, "https://127.0.0.1:8443/").port()).isEqualTo(8443);
    }

    private DestinationPolicy policy(List<String> allowedCidrs, boolean allowHttp) {
        return new DestinationPolicy(allowedCidrs, allowHttp, resolver, Duration.ofMillis(500));
    }

    /** The URL as registration checks it, or the 422. */
    private static URI check(DestinationPolicy policy, String url) {
        return policy.checked(url).await().atMost(Duration.ofSeconds(5));
    }

    /** The destination an attempt would connect to, or the refusal. */
    private static Destination pin(DestinationPolicy policy, String url) {
        return policy.pinned(url).await().atMost(Duration.ofSeconds(5));
    }
}

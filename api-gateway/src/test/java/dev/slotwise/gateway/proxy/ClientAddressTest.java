package dev.slotwise.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClientAddressTest {

    @Test
    void ipv4IsCountedAsItIs() {
        assertThat(ClientAddress.counted("198.51.100.7")).isEqualTo("198.51.100.7");
    }

    @Test
    void ipv6IsCountedByItsSlash64() {
        assertThat(ClientAddress.counted("2001:db8:1:2:aaaa::1")).isEqualTo(ClientAddress.counted("2001:db8:1:2::ffff"))
                .isEqualTo("2001:db8:1:2::/64");
        assertThat(ClientAddress.counted("2001:db8:1:3::1")).isNotEqualTo(ClientAddress.counted("2001:db8:1:2::1"));
    }

    @Test
    void anIpv4AddressWrittenAsIpv6IsCountedAsIpv4() {
        assertThat(ClientAddress.counted("::ffff:198.51.100.7")).isEqualTo("198.51.100.7");
    }
}

package dev.slotwise.webhooks;

import dev.slotwise.webhooks.destination.HostResolver;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Host names the tests point where they like (a hostile DNS can); every other name resolves as usual. */
@ApplicationScoped
public class TestHostNames implements HostResolver {

    static final Map<String, String> ADDRESSES = new ConcurrentHashMap<>();

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        String address = ADDRESSES.get(host);
        return address == null ? InetAddress.getAllByName(host) : new InetAddress[] {InetAddress.getByName(address)};
    }
}

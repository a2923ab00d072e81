package dev.slotwise.webhooks.destination;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The JVM's resolver ({@code /etc/hosts}, then DNS), with its usual short positive cache. */
@DefaultBean
@ApplicationScoped
public class SystemHostResolver implements HostResolver {

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        return InetAddress.getAllByName(host);
    }
}

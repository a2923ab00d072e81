package dev.slotwise.webhooks.destination;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Turns a host name into addresses. The system resolver in production; blocking, so never on the event loop. */
@FunctionalInterface
public interface HostResolver {

    InetAddress[] resolve(String host) throws UnknownHostException;
}

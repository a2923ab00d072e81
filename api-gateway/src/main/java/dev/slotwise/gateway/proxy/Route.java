package dev.slotwise.gateway.proxy;

/**
 * One public route: method, path pattern ({@code {id}} matches one segment, {@code **} the rest), the scope it
 * needs and the service that owns it.
 */
public record Route(String method, String pattern, String scope, String service) {
}

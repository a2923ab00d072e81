package dev.slotwise.stack;

/** One running part of the stack, as stack.json lists it. */
public record Component(String name, String url, int port, long pid) {
}

package dev.slotwise.notification.schedule;

import java.util.regex.Pattern;

/** Whether an address can be put in an envelope as it is: one {@code @}, a dotted domain, no spaces or controls. */
final class EmailAddresses {

    private static final Pattern ADDRESS = Pattern.compile(
            "[^@\\s<>()\\[\\],;:\"\\\\\\p{Cntrl}]+@[^@\\s<>()\\[\\],;:\"\\\\\\p{Cntrl}]+\\.[^@\\s<>()\\[\\],;:\"\\\\.\\p{Cntrl}]+");

    private EmailAddresses() {
    }

    static boolean valid(String address) {
        return address != null && address.length() <= 254 && ADDRESS.matcher(address).matches();
    }
}

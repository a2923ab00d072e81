package dev.slotwise.notification.directory;

import java.util.List;

/** What an e-mail names besides the appointment: the business, its services (in the visit's order), its policy. */
public record BusinessNames(String businessName, List<String> serviceNames, String policyText) {
}

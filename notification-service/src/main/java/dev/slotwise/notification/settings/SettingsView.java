package dev.slotwise.notification.settings;

import java.util.List;

/** The settings as the API shows them: {@code senderName} is the tenant's name when none was set. */
public record SettingsView(boolean emailEnabled, String senderName, String replyTo, List<Integer> reminderMinutesBefore) {
}

package dev.slotwise.notification.settings;

import java.util.List;

/**
 * A tenant's notification settings (CONTRACT §18). {@code senderName} null here means the tenant's own name, which
 * the API shows in its place.
 */
public record NotificationSettings(boolean emailEnabled, String senderName, String replyTo,
        List<Integer> reminderMinutesBefore) {

    public static final NotificationSettings DEFAULTS = new NotificationSettings(true, null, null, List.of(1440));
}

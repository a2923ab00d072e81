package dev.slotwise.notification.mail;

import dev.slotwise.notification.schedule.Kind;
import java.time.Instant;
import java.util.List;

/** Everything an e-mail says, gathered before it is written. */
public record LetterContent(Kind kind, String appointmentId, int sequence, String businessName, String customerName,
        List<String> serviceNames, Instant startsAt, Instant endsAt, String timeZone, String policyText,
        Integer minutesBefore, String fromAddress, String toAddress) {
}

package dev.slotwise.notification.mail;

/** An e-mail ready to send: subject, plain-text body and its iCalendar invitation ({@code METHOD} named apart). */
public record Letter(String subject, String text, String calendar, String method) {
}

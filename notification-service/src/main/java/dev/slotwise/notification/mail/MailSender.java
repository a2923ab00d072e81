package dev.slotwise.notification.mail;

import io.quarkus.mailer.Mail;
import io.quarkus.mailer.reactive.ReactiveMailer;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.mail.SMTPException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Hands an e-mail to the SMTP relay ({@code SLOTWISE_SMTP_*}, through quarkus-mailer): from the business's sender
 * name at the configured address, replies to its {@code replyTo}, with the invitation attached as
 * {@code text/calendar}.
 */
@ApplicationScoped
public class MailSender {

    private final ReactiveMailer mailer;
    private final String fromAddress;

    public MailSender(ReactiveMailer mailer, @ConfigProperty(name = "quarkus.mailer.from") String fromAddress) {
        this.mailer = mailer;
        this.fromAddress = fromAddress;
    }

    public String fromAddress() {
        return fromAddress;
    }

    public Uni<Void> send(Letter letter, String senderName, String to, String replyTo) {
        Mail mail = Mail.withText(to, letter.subject(), letter.text())
                .setFrom(displayName(senderName) + " <" + fromAddress + ">")
                .addAttachment("invite.ics", letter.calendar().getBytes(StandardCharsets.UTF_8),
                        "text/calendar; charset=UTF-8; method=" + letter.method());
        if (replyTo != null) {
            mail.setReplyTo(replyTo);
        }
        return mailer.send(mail);
    }

    /** True when the relay refused for good (a 5xx reply): sending again would be refused again. */
    public static boolean refusedForGood(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SMTPException smtp) {
                return smtp.isPermanent();
            }
        }
        return false;
    }

    /** A display name that cannot break out of the header: no quotes, angle brackets or line breaks. */
    static String displayName(String name) {
        String plain = name == null ? "" : name.replaceAll("[\\p{Cntrl}\"<>\\\\]", " ").trim();
        return "\"" + (plain.isEmpty() ? "Slotwise" : plain) + "\"";
    }
}

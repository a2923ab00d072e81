package dev.slotwise.stack;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.slotwise.testing.FreePorts;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * The local stack's mail catcher (CONTRACT §18): a real SMTP server (GreenMail, plain SMTP on loopback, any sender
 * and recipient, no authentication) that keeps what it receives in memory, and beside it {@code GET /messages}:
 * {@code [{"to": [...], "subject", "receivedAt", "raw"}]}, newest first ({@code raw} is the whole RFC 5322 message).
 * It runs in the launcher's process: nothing leaves the machine, and it stops with the stack.
 */
final class MailCatcher implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ServerSetup setup;
    private GreenMail smtp;
    private final HttpServer api;
    private final int smtpPort;

    private MailCatcher(int smtpPort, int apiPort) throws IOException {
        this.smtpPort = smtpPort;
        this.setup = new ServerSetup(smtpPort, "127.0.0.1", ServerSetup.PROTOCOL_SMTP);
        this.smtp = new GreenMail(setup);
        this.api = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), apiPort), 0);
        this.api.createContext("/messages", this::messages);
    }

    static MailCatcher start() {
        try {
            MailCatcher catcher = new MailCatcher(FreePorts.next(), FreePorts.next());
            catcher.smtp.start();
            catcher.api.start();
            return catcher;
        } catch (IOException e) {
            throw new UncheckedIOException("the mail catcher could not start", e);
        }
    }

    /** Takes the SMTP server away (a relay outage); the API stays. */
    synchronized void stopSmtp() {
        smtp.stop();
    }

    /** Brings the SMTP server back on its port; what it caught before is gone. */
    synchronized void startSmtp() {
        smtp = new GreenMail(setup);
        smtp.start();
    }

    int smtpPort() {
        return smtpPort;
    }

    String apiUrl() {
        return "http://127.0.0.1:" + api.getAddress().getPort();
    }

    /** What stack.json lists as component {@code mail}: its SMTP port and API, in the launcher's process. */
    Component component() {
        return new Component("mail", apiUrl(), smtpPort, ProcessHandle.current().pid(), null, smtpPort, apiUrl());
    }

    private void messages(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") || !exchange.getRequestURI().getPath().equals("/messages")) {
                exchange.sendResponseHeaders(exchange.getRequestMethod().equals("GET") ? 404 : 405, -1);
                return;
            }
            byte[] body = JSON.writeValueAsBytes(listNewestFirst());
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        } catch (MessagingException e) {
            throw new IOException(e);
        }
    }

    private ArrayNode listNewestFirst() throws MessagingException {
        MimeMessage[] received;
        synchronized (this) {
            received = smtp.getReceivedMessages();
        }
        List<ObjectNode> listed = new ArrayList<>();
        for (MimeMessage message : received) {
            ObjectNode entry = JSON.createObjectNode();
            ArrayNode to = entry.putArray("to");
            Address[] recipients = message.getRecipients(Message.RecipientType.TO);
            if (recipients != null) {
                for (Address recipient : recipients) {
                    to.add(recipient.toString());
                }
            }
            entry.put("subject", message.getSubject());
            Date receivedDate = message.getReceivedDate();
            entry.put("receivedAt", (receivedDate == null ? Instant.now() : receivedDate.toInstant()).toString());
            entry.put("raw", GreenMailUtil.getWholeMessage(message));
            listed.add(entry);
        }
        ArrayNode answer = JSON.createArrayNode();
        for (int i = listed.size() - 1; i >= 0; i--) {
            answer.add(listed.get(i));
        }
        return answer;
    }

    @Override
    public void close() {
        api.stop(0);
        smtp.stop();
    }
}

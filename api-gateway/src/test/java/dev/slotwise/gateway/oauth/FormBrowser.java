package dev.slotwise.gateway.oauth;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A browser without JavaScript, as far as these pages need one: it keeps cookies, shows where a redirect points
 * (without following it out of the gateway), and submits a page's forms with the values a person would enter, by
 * the fields' labels and the buttons' names.
 */
public final class FormBrowser {

    public record Page(int status, URI uri, Map<String, List<String>> headers, String body) {

        public Document document() {
            return Jsoup.parse(body, uri.toString());
        }

        public Optional<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).findFirst();
        }

        /** Where a redirect points, or empty. */
        public Optional<URI> location() {
            return header("Location").map(uri::resolve);
        }

        public String text() {
            return document().body().text();
        }
    }

    private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

    private String clientAddress;

    /**
     * Sends every request as if through a proxy from this client address ({@code X-Forwarded-For}), for a gateway
     * that trusts the loopback as its proxy: per-address limits then count this browser on its own.
     */
    public FormBrowser from(String address) {
        this.clientAddress = address;
        return this;
    }

    public Page open(URI uri) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri).GET());
    }

    /** Fills in the fields named by their label texts, then presses the button with this text. */
    public Page submit(Page page, Map<String, String> byLabel, String button) throws IOException, InterruptedException {
        return submit(page, byLabel, button, Map.of());
    }

    /**
     * @param unticked labels of checkboxes to untick before submitting
     */
    public Page submit(Page page, Map<String, String> byLabel, String button, Map<String, Boolean> unticked)
            throws IOException, InterruptedException {
        Document document = page.document();
        Element pressed = document.select("button").stream().filter(b -> b.text().trim().equals(button)).findFirst()
                .orElseThrow(() -> new AssertionError("no button '" + button + "' on " + page.uri() + ": " + page.text()));
        Element form = pressed.closest("form");
        Map<String, String> labelled = new LinkedHashMap<>();
        byLabel.forEach((label, value) -> {
            Element labelElement = document.select("label").stream().filter(l -> l.text().trim().equals(label))
                    .findFirst().orElseThrow(() -> new AssertionError("no field labelled '" + label + "'"));
            Element field = document.getElementById(labelElement.attr("for"));
            labelled.put(field.attr("name") + "#" + field.id(), value);
        });
        List<String[]> fields = new ArrayList<>();
        for (Element input : form.select("input, select")) {
            String name = input.attr("name");
            if (name.isEmpty()) {
                continue;
            }
            String key = name + "#" + input.id();
            if (input.attr("type").equals("checkbox")) {
                Element label = document.selectFirst("label[for=" + input.id() + "]");
                boolean untick = label != null && unticked.getOrDefault(label.text().trim(), false);
                if (input.hasAttr("checked") && !untick) {
                    fields.add(new String[] {name, input.attr("value")});
                }
            } else if (labelled.containsKey(key)) {
                fields.add(new String[] {name, labelled.get(key)});
            } else if (input.tagName().equals("select")) {
                Element selected = input.selectFirst("option[selected]");
                fields.add(new String[] {name, selected == null ? input.selectFirst("option").attr("value")
                        : selected.attr("value")});
            } else {
                fields.add(new String[] {name, input.attr("value")});
            }
        }
        if (pressed.hasAttr("name")) {
            fields.add(new String[] {pressed.attr("name"), pressed.attr("value")});
        }
        return post(page.uri().resolve(form.attr("action")), fields);
    }

    public Page post(URI uri, List<String[]> fields) throws IOException, InterruptedException {
        StringBuilder body = new StringBuilder();
        for (String[] field : fields) {
            if (body.length() > 0) {
                body.append('&');
            }
            body.append(URLEncoder.encode(field[0], StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(field[1], StandardCharsets.UTF_8));
        }
        return send(HttpRequest.newBuilder(uri).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())));
    }

    private Page send(HttpRequest.Builder request) throws IOException, InterruptedException {
        if (clientAddress != null) {
            request.header("X-Forwarded-For", clientAddress);
        }
        HttpRequest built = request.timeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
        return new Page(response.statusCode(), built.uri(), response.headers().map(), response.body());
    }
}

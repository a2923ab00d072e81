package dev.slotwise.gateway.panel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.gateway.webhooks.DispatcherClient;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Webhooks (CONTRACT §13): the endpoints, adding one, each endpoint's page (test event, pause and resume, a new
 * secret, deletion, the delivery log with its filter, replay and recovery) and a delivery's detail. Every action is a
 * call to the webhook-dispatcher's API ({@link WebhooksApi}); its refusals (an unsafe URL, an unknown event, a paused
 * endpoint) are shown beside the form as the API words them. A test event, a replay and a recovery count against the
 * tenant's hourly quota as the API calls do ({@link MeteredActions}).
 */
@Path("/panel/webhooks")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class WebhooksPage {

    /** The event types of CONTRACT §7, for the form's checkboxes; the dispatcher decides what is valid. */
    static final List<String> EVENT_TYPES = List.of("appointment.created", "appointment.updated",
            "appointment.cancelled", "appointment.completed", "appointment.no_show", "appointment.reminder_due",
            "customer.created", "customer.updated", "customer.deleted", "payment.received", "payment.refunded",
            "transaction.completed", "transaction.refunded", "staff.checkin", "staff.checkout", "stock.low", "campaign.sent", "ping");
    private static final Set<String> STATUSES = Set.of("pending", "succeeded", "failed", "held");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final DateTimeFormatter SINCE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    @TemplateData
    public record EndpointRow(String id, String url, String events, String status, String description) {
    }

    @TemplateData
    public record DeliveryRow(String id, String eventType, String status, int attempts, String lastResponse,
            String time) {
    }

    @TemplateData
    public record AttemptRow(String at, String responseStatus, long durationMs, String error) {
    }

    private final PanelPages pages;
    private final WebhooksApi api;
    private final MeteredActions metered;
    private final Template listPage;
    private final Template endpointPage;
    private final Template deletePage;
    private final Template deliveryPage;

    public WebhooksPage(PanelPages pages, WebhooksApi api, MeteredActions metered,
            @Location("panel/webhooks.html") Template listPage,
            @Location("panel/endpoint.html") Template endpointPage,
            @Location("panel/delete-endpoint.html") Template deletePage,
            @Location("panel/delivery.html") Template deliveryPage) {
        this.pages = pages;
        this.api = api;
        this.metered = metered;
        this.listPage = listPage;
        this.endpointPage = endpointPage;
        this.deletePage = deletePage;
        this.deliveryPage = deliveryPage;
    }

    @GET
    public Uni<Response> list(@BeanParam SessionCookie cookie, @QueryParam("notice") String notice) {
        return pages.signedIn(cookie, session -> listPage(session, null, null, null, List.of(), notice, null));
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> add(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @FormParam("url") String url, @FormParam("description") String description,
            @FormParam("event") List<String> events) {
        return pages.posted(cookie, csrf, session -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("url", url == null ? "" : url.trim());
            body.put("events", events == null ? List.of() : events);
            if (description != null && !description.isBlank()) {
                body.put("description", description.trim());
            }
            return api.send(session, HttpMethod.POST, "/api/webhook-endpoints", body).chain(answer -> answer.ok()
                    ? listPage(session, answer.body(), null, null, List.of(), null, null)
                    : listPage(session, null, url, description, events == null ? List.of() : events, null,
                            answer.message()));
        });
    }

    @GET
    @Path("/{id}")
    public Uni<Response> endpoint(@BeanParam SessionCookie cookie, @PathParam("id") String id,
            @QueryParam("status") String status, @QueryParam("notice") String notice,
            @QueryParam("recovered") Integer recovered) {
        return pages.signedIn(cookie, session -> endpointPage(session, id, status, null, notice,
                recovered == null ? null : "Recover failed: " + recovered + (recovered == 1 ? " delivery" : " deliveries")
                        + " queued.", null));
    }

    @POST
    @Path("/{id}/ping")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> ping(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> metered(session, id,
                () -> call(session, id, HttpMethod.POST, "/ping", null, "ping-sent")));
    }

    @POST
    @Path("/{id}/pause")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> pause(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> call(session, id, HttpMethod.PATCH, "", Map.of("status", "paused"),
                "paused"));
    }

    @POST
    @Path("/{id}/resume")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> resume(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> call(session, id, HttpMethod.PATCH, "", Map.of("status", "active"),
                "resumed"));
    }

    @POST
    @Path("/{id}/rotate-secret")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> rotate(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> !ID.matcher(id).matches() ? notFound()
                : api.send(session, HttpMethod.POST, endpointPath(id) + "/rotate-secret", null).chain(answer -> {
                    if (answer.status() == 404) {
                        return notFound();
                    }
                    return endpointPage(session, id, null, answer.ok() ? answer.body().path("secret").asText() : null,
                            null, null, answer.ok() ? null : answer.message());
                }));
    }

    @GET
    @Path("/{id}/delete")
    public Uni<Response> confirmDelete(@BeanParam SessionCookie cookie, @PathParam("id") String id) {
        return pages.signedIn(cookie, session -> !ID.matcher(id).matches() ? notFound()
                : api.get(session, endpointPath(id)).map(answer -> answer.ok()
                        ? pages.render(deletePage.data("endpoint", endpointRow(answer.body())), session, "webhooks", null, null)
                        : failed(answer)));
    }

    @POST
    @Path("/{id}/delete")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> delete(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> !ID.matcher(id).matches() ? notFound()
                : api.send(session, HttpMethod.DELETE, endpointPath(id), null).map(answer -> answer.ok()
                        ? PanelPages.redirect("/panel/webhooks", "endpoint-deleted") : failed(answer)));
    }

    @GET
    @Path("/{id}/deliveries/{deliveryId}")
    public Uni<Response> delivery(@BeanParam SessionCookie cookie, @PathParam("id") String id,
            @PathParam("deliveryId") String deliveryId) {
        return pages.signedIn(cookie, session -> !ID.matcher(id).matches() || !ID.matcher(deliveryId).matches()
                ? notFound()
                : api.get(session, endpointPath(id) + "/deliveries/" + deliveryId).map(answer -> {
                    if (!answer.ok()) {
                        return failed(answer);
                    }
                    JsonNode delivery = answer.body();
                    List<AttemptRow> attempts = new ArrayList<>();
                    for (JsonNode attempt : delivery.path("attempts")) {
                        attempts.add(new AttemptRow(time(attempt.path("at"), session),
                                attempt.path("responseStatus").isNull() ? "—" : attempt.path("responseStatus").asText(),
                                attempt.path("durationMs").asLong(), attempt.path("error").asText("")));
                    }
                    return pages.render(deliveryPage.data("endpointId", id)
                                    .data("delivery", deliveryRow(delivery, session))
                                    .data("eventId", delivery.path("eventId").asText())
                                    .data("attempts", attempts)
                                    .data("payload", delivery.path("payload").toPrettyString()),
                            session, "webhooks", null, null);
                }));
    }

    @POST
    @Path("/{id}/deliveries/{deliveryId}/replay")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> replay(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id, @PathParam("deliveryId") String deliveryId) {
        return pages.posted(cookie, csrf, session -> metered(session, id, () -> !ID.matcher(deliveryId).matches()
                ? notFound() : call(session, id, HttpMethod.POST, "/deliveries/" + deliveryId + "/replay", null,
                        "replayed")));
    }

    @POST
    @Path("/{id}/recover")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> recover(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id, @FormParam("since") String since) {
        return pages.posted(cookie, csrf, session -> metered(session, id, () -> {
            if (!ID.matcher(id).matches()) {
                return notFound();
            }
            Instant from;
            try {
                from = parseSince(since, ZoneId.of(session.timeZone()));
            } catch (DateTimeParseException e) {
                return endpointPage(session, id, null, null, null, null,
                        "Since must be a date and time like " + SINCE.format(LocalDateTime.now()) + ".");
            }
            return api.send(session, HttpMethod.POST, endpointPath(id) + "/recover", Map.of("since", from.toString()))
                    .chain(answer -> {
                        if (answer.status() == 404) {
                            return notFound();
                        }
                        return answer.ok()
                                ? Uni.createFrom().item(PanelPages.redirect("/panel/webhooks/" + id
                                        + "?recovered=" + answer.body().path("queued").asInt(), null))
                                : endpointPage(session, id, null, null, null, null, answer.message());
                    });
        }));
    }

    /** A call to the API that comes back to the endpoint's page: with a notice, or the API's refusal. */
    private Uni<Response> call(PanelSession session, String id, HttpMethod method, String path, Object body,
            String notice) {
        return !ID.matcher(id).matches() ? notFound()
                : api.send(session, method, endpointPath(id) + path, body).chain(answer -> {
                    if (answer.status() == 404) {
                        return notFound();
                    }
                    return answer.ok()
                            ? Uni.createFrom().item(PanelPages.redirect("/panel/webhooks/" + id, notice))
                            : endpointPage(session, id, null, null, null, null, answer.message());
                });
    }

    /**
     * An action that makes the dispatcher send, counted against the tenant's quota first (as the API counts a request
     * before anything else); over the quota, the endpoint's page with the API's 429 message, and nothing done.
     */
    private Uni<Response> metered(PanelSession session, String id, Supplier<Uni<Response>> action) {
        return metered.run(session, action, over -> endpointPage(session, id, null, null, null, null, over.message(), 429)
                .map(page -> Response.fromResponse(page).header("Retry-After", over.retryAfterSeconds()).build()));
    }

    private Uni<Response> listPage(PanelSession session, JsonNode created, String url, String description,
            List<String> checked, String notice, String error) {
        return api.get(session, "/api/webhook-endpoints?limit=100").map(answer -> {
            List<EndpointRow> endpoints = new ArrayList<>();
            for (JsonNode endpoint : answer.body().path("data")) {
                endpoints.add(endpointRow(endpoint));
            }
            TemplateInstance page = listPage.data("endpoints", endpoints)
                    .data("eventTypes", EVENT_TYPES)
                    .data("created", created == null ? null : endpointRow(created))
                    .data("secret", created == null ? null : created.path("secret").asText())
                    .data("url", url)
                    .data("description", description)
                    .data("checked", checked);
            String shown = error == null && !answer.ok() ? answer.message() : error;
            return pages.render(shown == null ? 200 : answer.ok() ? 422 : 503, page, session, "webhooks", notice, shown);
        });
    }

    private Uni<Response> endpointPage(PanelSession session, String id, String status, String secret, String notice,
            String message, String error) {
        return endpointPage(session, id, status, secret, notice, message, error, error == null ? 200 : 409);
    }

    private Uni<Response> endpointPage(PanelSession session, String id, String status, String secret, String notice,
            String message, String error, int pageStatus) {
        if (!ID.matcher(id).matches()) {
            return notFound();
        }
        String filter = status != null && STATUSES.contains(status) ? status : null;
        return api.get(session, endpointPath(id)).chain(endpoint -> {
            if (!endpoint.ok()) {
                return Uni.createFrom().item(failed(endpoint));
            }
            String deliveries = endpointPath(id) + "/deliveries?limit=50"
                    + (filter == null ? "" : "&status=" + URLEncoder.encode(filter, StandardCharsets.UTF_8));
            return api.get(session, deliveries).map(log -> {
                List<DeliveryRow> rows = new ArrayList<>();
                for (JsonNode delivery : log.body().path("data")) {
                    rows.add(deliveryRow(delivery, session));
                }
                ZoneId zone = ZoneId.of(session.timeZone());
                TemplateInstance page = endpointPage.data("endpoint", endpointRow(endpoint.body()))
                        .data("deliveries", rows)
                        .data("status", filter == null ? "" : filter)
                        .data("statuses", List.of("pending", "succeeded", "failed", "held"))
                        .data("secret", secret)
                        .data("message", message)
                        .data("since", SINCE.format(LocalDateTime.ofInstant(Instant.now().minus(Duration.ofHours(24)), zone)))
                        .data("zone", zone.getId());
                return pages.render(pageStatus, page, session, "webhooks", notice, error);
            });
        });
    }

    /** ISO 8601 with an offset ({@code 2026-11-22T09:30:00Z}), or a local date and time in the business's zone. */
    static Instant parseSince(String since, ZoneId zone) {
        if (since == null || since.isBlank()) {
            throw new DateTimeParseException("empty", "", 0);
        }
        String text = since.trim();
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notWithOffset) {
            return LocalDateTime.parse(text.replace(' ', 'T')).atZone(zone).toInstant();
        }
    }

    private static String endpointPath(String id) {
        return "/api/webhook-endpoints/" + id;
    }

    /** 404 for what the tenant does not have; the unavailability page when the dispatcher did not answer. */
    private Response failed(DispatcherClient.Answer answer) {
        return answer.status() >= 500 ? pages.unavailable(answer.message()) : pages.notFound();
    }

    private Uni<Response> notFound() {
        return Uni.createFrom().item(pages.notFound());
    }

    private static EndpointRow endpointRow(JsonNode endpoint) {
        List<String> events = new ArrayList<>();
        endpoint.path("events").forEach(event -> events.add(event.asText()));
        return new EndpointRow(endpoint.path("id").asText(), endpoint.path("url").asText(), String.join(", ", events),
                endpoint.path("status").asText(), endpoint.path("description").asText(""));
    }

    private static DeliveryRow deliveryRow(JsonNode delivery, PanelSession session) {
        JsonNode last = delivery.path("lastResponseStatus");
        String lastResponse = !last.isNull() && !last.isMissingNode() ? last.asText()
                : delivery.path("lastError").asText("—");
        return new DeliveryRow(delivery.path("id").asText(), delivery.path("eventType").asText(),
                delivery.path("status").asText(), delivery.path("attemptCount").asInt(), lastResponse,
                time(delivery.path("createdAt"), session));
    }

    private static String time(JsonNode timestamp, PanelSession session) {
        return timestamp.isTextual() ? PanelPages.time(Instant.parse(timestamp.asText()), session.timeZone()) : "—";
    }
}

package dev.slotwise.gateway.signin;

/** A tenant user whose e-mail address and password were just verified, and the business (tenant) it belongs to. */
@io.quarkus.qute.TemplateData
public record SignInAccount(String userId, String tenantId, String tenantName, String email) {
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { components } from "./schema.js";

export type WebhookEvent = components["schemas"]["WebhookEvent"];

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/**
 * Verifies a delivery by its Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) with the
 * standardwebhooks library: a signature of the endpoint's secret (either one during a rotation) over the raw body, and a
 * timestamp within five minutes of now, which refuses a replayed request. Returns the event.
 */
export function verifyWebhook(payload: string, headers: Headers | Record<string, string>, secret: string): WebhookEvent {
  const lower: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) lower[name.toLowerCase()] = value;
  try {
    return new Webhook(secret).verify(payload, lower) as WebhookEvent;
  } catch (e) {
    throw new WebhookVerificationError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Verifies X-Slotwise-Signature (`sha256=<hex HMAC-SHA256 of the raw body, key = the secret's UTF-8 bytes>`). It has no
 * timestamp, so it cannot refuse a replayed request: prefer verifyWebhook. Returns the event.
 */
export function verifySlotwiseSignature(payload: string, signatureHeader: string | null | undefined, secret: string): WebhookEvent {
  const expected = "sha256=" + createHmac("sha256", Buffer.from(secret, "utf8")).update(payload, "utf8").digest("hex");
  const given = Buffer.from(signatureHeader ?? "", "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, "utf8"))) {
    throw new WebhookVerificationError("X-Slotwise-Signature does not match the body");
  }
  return JSON.parse(payload) as WebhookEvent;
}

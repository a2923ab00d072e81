// The TypeScript SDK against the real stack (run by platform/local-stack's SdkIT with SLOTWISE_BASE_URL,
// SLOTWISE_API_KEY of a fresh tenant and SLOTWISE_RECEIVER_URL, a webhook receiver that can be read back).
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { Slotwise, SlotwiseError, verifySlotwiseSignature, verifyWebhook, WebhookVerificationError } from "../src/index.js";

const RECEIVER = process.env.SLOTWISE_RECEIVER_URL!;
const slotwise = new Slotwise({ apiKey: process.env.SLOTWISE_API_KEY!, baseUrl: process.env.SLOTWISE_BASE_URL });

async function raises(code: string, call: () => Promise<unknown>): Promise<SlotwiseError> {
  try {
    await call();
  } catch (e) {
    assert.ok(e instanceof SlotwiseError, String(e));
    assert.equal(e.code, code);
    return e;
  }
  assert.fail(`expected SlotwiseError ${code}`);
}

async function createCustomer(firstName: string, idempotencyKey?: string): Promise<string> {
  const { data } = await slotwise.api.POST("/api/v1/customers", {
    body: { firstName }, params: { header: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} },
  });
  return data!.id;
}

async function all(): Promise<string[]> {
  const ids: string[] = [];
  for await (const customer of slotwise.list("/api/v1/customers", { limit: 2 })) ids.push(customer.id);
  return ids;
}

async function customersAndPages(): Promise<number> {
  const created: string[] = [];
  for (let i = 0; i < 5; i++) created.push(await createCustomer(`Page${i}`));
  assert.ok(created.every((id) => id.startsWith("cus_")));
  const listed = await all(); // three pages
  assert.deepEqual(listed, [...created].reverse(), "newest first across pages");
  return listed.length;
}

async function aConflictIsATypedError(): Promise<void> {
  const customerId = await createCustomer("Booker");
  const { data: service } = await slotwise.api.POST("/api/v1/services", {
    body: { name: "Cut", durationMinutes: 30, price: { amount: 3000, currency: "EUR" } },
  });
  const { data: staff } = await slotwise.api.POST("/api/v1/staff", { body: { name: "Ida" } });
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  startsAt.setUTCHours(10, 0, 0, 0);
  const booking = { customerId, serviceId: service!.id, staffId: staff!.id, startsAt: startsAt.toISOString() };
  const { data: first } = await slotwise.api.POST("/api/v1/appointments", { body: booking });
  assert.equal(first!.status, "booked");
  const conflict = await raises("appointment_conflict", () => slotwise.api.POST("/api/v1/appointments", { body: booking }));
  assert.equal(conflict.status, 409);
  assert.ok(conflict.detail && conflict.requestId, JSON.stringify(conflict));
  const invalid = await raises("validation_failed", () => slotwise.api.POST("/api/v1/customers", { body: { firstName: "X", email: "no" } }));
  assert.equal(invalid.status, 422);
  assert.ok(invalid.errors.some((error) => error.field === "email"), JSON.stringify(invalid.errors));
}

async function anIdempotentRetryCreatesOnce(customersBefore: number): Promise<void> {
  const key = "ts-" + randomBytes(8).toString("hex");
  assert.equal(await createCustomer("Once", key), await createCustomer("Once", key));
  await raises("idempotency_key_reused", () => createCustomer("Other", key));
  assert.equal((await all()).length, customersBefore + 2); // the booker and this one
}

/** 503, then 429 with Retry-After: 1, then 201: one call, three requests with one Idempotency-Key. */
async function retriesKeepTheKey(): Promise<void> {
  const seen: { key: string; auth: string; at: number }[] = [];
  const answers: [number, Record<string, string>][] = [[503, {}], [429, { "Retry-After": "1" }]];
  const server = createServer((request, response) => {
    request.resume().on("end", () => {
      seen.push({ key: String(request.headers["idempotency-key"]), auth: String(request.headers.authorization), at: Date.now() });
      const [status, headers] = answers.shift() ?? [201, {}];
      response.writeHead(status, { ...headers, "Content-Type": "application/json" });
      response.end(JSON.stringify(status === 201 ? { id: "cus_0000000000000000000000000r" } : { code: status === 429 ? "rate_limited" : "upstream_unavailable" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const stubbed = new Slotwise({ apiKey: "swk_stub", baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, baseDelayMs: 50 });
    const { data } = await stubbed.api.POST("/api/v1/customers", { body: { firstName: "Retry" } });
    assert.equal(data!.id, "cus_0000000000000000000000000r");
    // a wait longer than maxRetryAfterSeconds (an hourly quota spent) is thrown at once, not slept through
    answers.push([429, { "Retry-After": "3600" }]);
    const later = await raises("rate_limited", () => stubbed.api.POST("/api/v1/customers", { body: { firstName: "Later" } }));
    assert.equal(later.retryAfter, 3600);
    assert.equal(seen.length, 4);
  } finally {
    server.close();
  }
  assert.equal(new Set(seen.slice(0, 3).map((s) => s.key)).size, 1);
  assert.notEqual(seen[3].key, seen[0].key, "a new call, a new key");
  assert.ok(seen[0].key && seen[0].key !== "undefined");
  assert.ok(seen.every((s) => s.auth === "Bearer swk_stub"));
  assert.ok(seen[2].at - seen[1].at >= 950, "Retry-After honoured");
}

async function aDeliveredWebhookVerifies(): Promise<void> {
  const { data: endpoint } = await slotwise.api.POST("/api/webhook-endpoints", {
    body: { url: `${RECEIVER}/hooks/typescript`, events: ["customer.created"] },
  });
  const customerId = await createCustomer("Hooked");
  const { body, headers } = await awaitHook("typescript", customerId);
  const secret = endpoint!.secret;
  const event = verifyWebhook(body, headers, secret);
  assert.equal(event.type, "customer.created");
  assert.equal((event.data as unknown as { id: string }).id, customerId);
  assert.equal(verifySlotwiseSignature(body, headers["x-slotwise-signature"], secret).id, event.id);
  const tampered = body.replace("Hooked", "Hacked");
  refused(() => verifyWebhook(tampered, headers, secret));
  refused(() => verifySlotwiseSignature(tampered, headers["x-slotwise-signature"], secret));
  refused(() => verifyWebhook(body, headers, "whsec_" + Buffer.alloc(32, 1).toString("base64")));
  // a correctly signed request from ten minutes ago is a replay: refused by the timestamp tolerance
  const old = new Date(Date.now() - 600_000);
  const replayed = { ...headers, "webhook-timestamp": String(Math.floor(old.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(headers["webhook-id"], old, body) };
  refused(() => verifyWebhook(body, replayed, secret));
  const fresh = new Date();
  assert.equal(verifyWebhook(body, { ...headers, "webhook-timestamp": String(Math.floor(fresh.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(headers["webhook-id"], fresh, body) }, secret).id, event.id);
}

function refused(check: () => unknown): void {
  assert.throws(check, WebhookVerificationError);
}

async function awaitHook(name: string, needle: string): Promise<{ body: string; headers: Record<string, string> }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const hooks = (await (await fetch(`${RECEIVER}/received/${name}`)).json()) as { body: string; headers: Record<string, string> }[];
    const hook = hooks.find((h) => h.body.includes(needle));
    if (hook) return hook;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`no webhook with ${needle} within 60 s`);
}

const count = await customersAndPages();
await aConflictIsATypedError();
await anIdempotentRetryCreatesOnce(count);
await retriesKeepTheKey();
await aDeliveredWebhookVerifies();
console.log("typescript SDK: all stack tests passed");

import { randomUUID } from "node:crypto";
import { SlotwiseError, retryAfterSeconds } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** A 429 asking to wait longer than this many seconds is not waited for: it is thrown at once (default 60). */
  maxRetryAfterSeconds: number;
  /** First backoff delay in milliseconds for a 503 or a 429 without Retry-After, doubled per retry (default 500). */
  baseDelayMs: number;
}

/**
 * The fetch every request goes through: a POST gets an Idempotency-Key unless it has one (so a retry never creates twice),
 * 429 (after Retry-After) and 503 (after an exponential backoff with jitter) are retried with the same key, and an answer
 * that is still not 2xx becomes a SlotwiseError.
 */
export function slotwiseFetch(policy: RetryPolicy, inner: typeof fetch = globalThis.fetch): (request: Request) => Promise<Response> {
  return async (input: Request) => {
    let request = input;
    if (request.method === "POST" && !request.headers.has("idempotency-key")) {
      const headers = new Headers(request.headers);
      headers.set("Idempotency-Key", randomUUID());
      request = new Request(request, { headers });
    }
    for (let attempt = 0; ; attempt++) {
      const response = await inner(request.clone());
      if (response.ok) return response;
      const delay = retryDelayMs(response, attempt, policy);
      if (delay === null) throw await SlotwiseError.from(response);
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
}

function retryDelayMs(response: Response, attempt: number, policy: RetryPolicy): number | null {
  if ((response.status !== 429 && response.status !== 503) || attempt >= policy.maxRetries) return null;
  const retryAfter = retryAfterSeconds(response.headers);
  if (retryAfter !== null) return retryAfter > policy.maxRetryAfterSeconds ? null : retryAfter * 1000;
  const backoff = policy.baseDelayMs * 2 ** attempt;
  return backoff + Math.random() * backoff * 0.25;
}

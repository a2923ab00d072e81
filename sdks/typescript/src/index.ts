import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.js";
import { slotwiseFetch, type RetryPolicy } from "./transport.js";
import { VERSION } from "./version.js";

export type { paths, components, operations, webhooks } from "./schema.js";
export { SlotwiseError, type Problem, type FieldError } from "./errors.js";
export { verifyWebhook, verifySlotwiseSignature, WebhookVerificationError, type WebhookEvent } from "./webhooks.js";
export type { RetryPolicy } from "./transport.js";
export { VERSION };

export interface SlotwiseOptions extends Partial<RetryPolicy> {
  /** An API key (swk_…) or an OAuth access token (swo_…). */
  apiKey: string;
  /** The gateway, default http://localhost:8080. */
  baseUrl?: string;
  /** The fetch to send with (default: the global one). */
  fetch?: typeof fetch;
}

/** The paths whose GET answers a page ({data, nextCursor}). */
type PageOf<P> = P extends { get: { responses: { 200: { content: { "application/json": infer B } } } } }
  ? B extends { data: (infer T)[]; nextCursor: string | null } ? T : never
  : never;
export type ListPath = { [P in keyof paths]: PageOf<paths[P]> extends never ? never : P }[keyof paths];

export class Slotwise {
  /** The typed client (openapi-fetch): every operation of the API description; a non-2xx answer throws SlotwiseError. */
  readonly api: Client<paths>;

  constructor(options: SlotwiseOptions) {
    const policy: RetryPolicy = {
      maxRetries: options.maxRetries ?? 3,
      maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
      baseDelayMs: options.baseDelayMs ?? 500,
    };
    this.api = createClient<paths>({
      baseUrl: (options.baseUrl ?? "http://localhost:8080").replace(/\/$/, ""),
      headers: { Authorization: `Bearer ${options.apiKey}`, "User-Agent": `slotwise-typescript/${VERSION}` },
      fetch: slotwiseFetch(policy, options.fetch),
    });
  }

  /** Every item of a list, page after page (newest first), following nextCursor. */
  async *list<P extends ListPath>(path: P, query: Record<string, unknown> = {}, pathParams: Record<string, string> = {}):
      AsyncGenerator<PageOf<paths[P]>> {
    let cursor: string | null | undefined = undefined;
    do {
      const get = this.api.GET as unknown as (p: string, init: unknown) => Promise<{ data?: { data: PageOf<paths[P]>[]; nextCursor: string | null } }>;
      const { data: page } = await get(path, { params: { path: pathParams, query: { ...query, ...(cursor ? { cursor } : {}) } } });
      if (!page) return;
      yield* page.data;
      cursor = page.nextCursor;
    } while (cursor);
  }
}

import type { components } from "./schema.js";

export type Problem = components["schemas"]["Problem"];
export type FieldError = { field: string; message: string };

/** An answer that is not 2xx, as the RFC 9457 problem it carries (CONTRACT §3). */
export class SlotwiseError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string | null;
  readonly detail: string | null;
  readonly errors: FieldError[];
  readonly requestId: string | null;
  /** Seconds the server asked to wait (429), or null. */
  readonly retryAfter: number | null;

  constructor(status: number, problem: Partial<Problem> & Record<string, unknown>, headers: Headers) {
    super(`${status} ${String(problem.code ?? "unknown")}: ${String(problem.detail ?? problem.title ?? "")}`);
    this.name = "SlotwiseError";
    this.status = status;
    this.code = typeof problem.code === "string" ? problem.code : "unknown";
    this.title = typeof problem.title === "string" ? problem.title : null;
    this.detail = typeof problem.detail === "string" ? problem.detail : null;
    this.errors = Array.isArray(problem.errors) ? (problem.errors as FieldError[]) : [];
    this.requestId = typeof problem.requestId === "string" ? problem.requestId : headers.get("x-request-id");
    this.retryAfter = retryAfterSeconds(headers);
  }

  static async from(response: Response): Promise<SlotwiseError> {
    let problem: Record<string, unknown> = {};
    try {
      const parsed: unknown = await response.clone().json();
      if (parsed && typeof parsed === "object") problem = parsed as Record<string, unknown>;
    } catch {
      // not JSON (a proxy's error page): the status alone
    }
    return new SlotwiseError(response.status, problem, response.headers);
  }
}

export function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get("retry-after");
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

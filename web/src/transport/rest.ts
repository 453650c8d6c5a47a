/**
 * The REST helper for /api/v5 calls (spec 000 §7, §8).
 * - Bearer access token unless the address carries a query token or noLogin=true.
 * - On failure an error toast shows the JSON body's `error` field, else the HTTP status text,
 *   else "Something went wrong". A call may suppress the toast (`toast: false`) or give its own
 *   message (`toast: "…"`).
 * - A call may run under a named action (`action: "saveBilling"`): the loading overlay shows.
 */
import { t } from "@lingui/core/macro";
import { shouldSendBearer } from "../access/queryFlags";
import type { ActionTracker } from "../shell/actions";
import type { ToastStore } from "../shell/toastStore";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** false: no toast on failure; a string: this message instead of the server's. */
  toast?: boolean | string;
  /** Run under this named action (loading overlay). */
  action?: string;
  /** HTTP statuses that are not failures for this call (no toast, resolves with null). */
  allowStatus?: number[];
  /** Extra request headers (such as Idempotency-Key); they cannot replace Accept, Content-Type or Authorization. */
  headers?: Record<string, string>;
}

export interface RestDeps {
  baseUrl?: string;
  getAccessToken: () => Promise<string | null>;
  /** The page address' query string, read at call time. */
  getSearch: () => string;
  fetch?: typeof fetch;
  toasts: ToastStore;
  actions: ActionTracker;
}

/** The message of spec 000 §8's generic rule. */
export function failureMessage(body: unknown, statusText: string | undefined): string {
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string" && error.trim() !== "") return error;
  }
  if (statusText && statusText.trim() !== "") return statusText;
  return t`Something went wrong`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createRestClient(deps: RestDeps) {
  const baseUrl = deps.baseUrl ?? "/api/v5";
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<T>(path: string, options: RestOptions = {}): Promise<T> {
    const url = new URL(`${baseUrl}${path}`, "http://placeholder");
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...options.headers, Accept: "application/json" };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    if (shouldSendBearer(deps.getSearch())) {
      const token = await deps.getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    let response: Response;
    try {
      response = await doFetch(`${url.pathname}${url.search}`, {
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (cause) {
      const message = typeof options.toast === "string" ? options.toast : t`Something went wrong`;
      if (options.toast !== false) deps.toasts.error(message);
      throw new ApiError(message, 0, cause);
    }
    const body = await readBody(response);
    if (response.ok) return body as T;
    if (options.allowStatus?.includes(response.status)) return null as T;
    const message = typeof options.toast === "string" ? options.toast : failureMessage(body, response.statusText);
    if (options.toast !== false) deps.toasts.error(message);
    throw new ApiError(message, response.status, body);
  }

  return {
    request<T = unknown>(path: string, options: RestOptions = {}): Promise<T> {
      return options.action ? deps.actions.run(options.action, () => call<T>(path, options)) : call<T>(path, options);
    },
  };
}

export type RestClient = ReturnType<typeof createRestClient>;

/** Replies such as impersonation and organisation change answer { status: "ok" }. */
export function isStatusOk(body: unknown): boolean {
  if (body === null || body === undefined || body === "") return true;
  if (typeof body === "object" && "status" in body) return (body as { status: unknown }).status === "ok";
  return true;
}

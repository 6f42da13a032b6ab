import { toast } from "../../ui/toast";
import { SILENT_ERROR_CODES, type ApiEnvelope } from "../../../contract";
import { samePrefix } from "../../i18n/language";
import { apiHeaders, readJson, serverMessage } from "./headers";
import { clientText } from "./texts";
import { clearBearerToken } from "./token";
import { embedParentOrigins } from "../site-settings";

/**
 * The shared backend client (spec 01 §7): every envelope route goes through `request`, so the
 * timeout, headers, duplicate cancellation, session-expiry redirect and error toasts behave the
 * same everywhere. Auth form calls deliberately bypass it (a wrong password is a 401 too).
 */

export const REQUEST_TIMEOUT_MS = 60_000;

export type ApiErrorKind = "cancel" | "timeout" | "network" | "http" | "business" | "unauthorized";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** Envelope code (a number, or a string for some auth errors); null without a body. */
    readonly code: number | string | null = null,
    /** For a cancelled request: the newer identical request that replaced it. */
    readonly replacement?: Promise<unknown>,
  ) {
    super(message);
  }
}

/** True for a request cancelled because an identical one started; such errors are never shown. */
export function isCancelError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === "cancel";
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  params?: QueryParams;
  /** JSON body. */
  data?: unknown;
  /** Skip the error toast (the caller shows the error inline). 401 handling still happens. */
  silent?: boolean;
  timeoutMs?: number;
}

export interface ClientHooks {
  /** Moves the app to a path; the default reloads the page there. */
  navigate: (path: string) => void;
  /** Called when the server says the session is gone, before navigating. */
  onSessionEnded: () => void;
}

const defaultHooks: ClientHooks = {
  navigate: (path) => window.location.assign(path),
  onSessionEnded: () => {},
};
let hooks: ClientHooks = defaultHooks;

/** Lets the app route in place (no full reload) and reset its caches on session expiry. */
export function configureClient(next: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** Restores the defaults; used by tests. */
export function resetClient(): void {
  hooks = defaultHooks;
  inFlight.clear();
  lastSessionEnd = 0;
}

export function clientHooks(): ClientHooks {
  return hooks;
}

interface InFlight {
  controller: AbortController;
}
const inFlight = new Map<string, InFlight>();
const TIMEOUT_REASON = Symbol("timeout");

function stableJson(value: unknown): string {
  if (value === undefined) return "";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
}

export function buildUrl(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

function showError(message: string, options: RequestOptions): void {
  // The id collapses identical messages (several calls failing at once) into one toast.
  if (!options.silent && message) toast.error(message, { id: `api-error:${message}` });
}

/** A page's parallel calls all fail with 401 together; one logout is enough. */
const SESSION_END_DEDUPE_MS = 1_000;
let lastSessionEnd = 0;

/**
 * Session expiry (spec 01 §4): back to home in the current language, tell an embedding page. Also
 * what a chat or inbox socket closed with 4001 (signed out elsewhere, expired, revoked) leads to.
 */
export function handleUnauthorized(): void {
  clearBearerToken();
  if (typeof window === "undefined") return;
  const now = Date.now();
  if (now - lastSessionEnd < SESSION_END_DEDUPE_MS) return;
  lastSessionEnd = now;
  // Only to origins allowed to embed the app: the browser drops the message unless the parent is one.
  if (window.parent && window.parent !== window) {
    for (const origin of embedParentOrigins()) {
      try {
        window.parent.postMessage({ type: "logout" }, origin);
      } catch {
        // A cross-origin parent that refuses messages must not block the redirect.
      }
    }
  }
  hooks.onSessionEnded();
  const pathname = window.location?.pathname ?? "/";
  const target = samePrefix(pathname, "/home");
  // Already there: navigating again would reload in a loop if the page itself keeps failing.
  if (pathname !== target) hooks.navigate(target);
}

function abortError(signal: AbortSignal, options: RequestOptions): ApiError | null {
  if (!signal.aborted) return null;
  if (signal.reason instanceof ApiError) return signal.reason; // cancelled by a duplicate
  const error = new ApiError(clientText("requestTimeout"), "timeout", 0);
  if (signal.reason === TIMEOUT_REASON) showError(error.message, options);
  return error;
}

function isEnvelope(payload: unknown): payload is ApiEnvelope<unknown> {
  return !!payload && typeof payload === "object" && "code" in payload;
}

function interpret<T>(response: Response, payload: unknown, options: RequestOptions): T {
  const envelope = isEnvelope(payload) ? payload : null;
  const code = envelope ? envelope.code : response.status;
  if (response.status === 401 || code === 401) {
    handleUnauthorized();
    throw new ApiError(serverMessage(payload) ?? "Unauthorized", "unauthorized", 401, code);
  }
  if (response.ok && envelope && code === 200) return envelope.data as T;

  const silentCode = typeof code === "number" && SILENT_ERROR_CODES.includes(code);
  let message = serverMessage(payload);
  if (!message) message = response.status >= 500 ? clientText("serverError") : clientText("networkAnomaly");
  const error = new ApiError(message, response.ok ? "business" : "http", response.status, code);
  if (!silentCode) showError(message, options);
  throw error;
}

async function perform<T>(url: string, body: string | undefined, method: string, controller: AbortController, options: RequestOptions): Promise<T> {
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(url, {
      method,
      headers: apiHeaders(body !== undefined),
      body,
      credentials: "include",
      signal: controller.signal,
    });
    payload = await readJson(response);
  } catch {
    // A network failure has no text to show (spec 01 §8): the caller decides what to render.
    throw abortError(controller.signal, options) ?? new ApiError("", "network", 0);
  }
  return interpret<T>(response, payload, options);
}

/** Calls an envelope route and resolves with its `data`. */
export function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? "GET";
  const body = options.data === undefined ? undefined : JSON.stringify(options.data);
  const key = `${method} ${url} ${stableJson(options.params)} ${body ?? ""}`;

  const entry: InFlight = { controller: new AbortController() };
  const previous = inFlight.get(key);
  inFlight.set(key, entry);
  const timer = setTimeout(() => entry.controller.abort(TIMEOUT_REASON), options.timeoutMs ?? REQUEST_TIMEOUT_MS);

  const promise = perform<T>(buildUrl(url, options.params), body, method, entry.controller, options).finally(() => {
    clearTimeout(timer);
    if (inFlight.get(key) === entry) inFlight.delete(key);
  });
  // The older identical request loses; it learns which promise replaced it so SWR can follow it.
  previous?.controller.abort(new ApiError("Request cancelled", "cancel", 0, null, promise));
  return promise;
}

export const api = {
  get: <T>(url: string, params?: QueryParams, options?: Omit<RequestOptions, "method" | "params">) => request<T>(url, { ...options, method: "GET", params }),
  post: <T>(url: string, data?: unknown, options?: Omit<RequestOptions, "method" | "data">) =>
    request<T>(url, { ...options, method: "POST", data: data ?? {} }),
  put: <T>(url: string, data?: unknown, options?: Omit<RequestOptions, "method" | "data">) => request<T>(url, { ...options, method: "PUT", data: data ?? {} }),
  delete: <T>(url: string, options?: Omit<RequestOptions, "method">) => request<T>(url, { ...options, method: "DELETE" }),
};

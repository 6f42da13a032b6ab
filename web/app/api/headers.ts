import i18n from "i18next";
import { serverMessageZh } from "../../i18n/server-messages";
import { readBearerToken } from "./token";

/** The IANA zone of this browser, so the server can bucket "this month" and dates like the user sees them. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Headers every same-origin API call carries (spec 01 §7). */
export function apiHeaders(hasJsonBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "client-info": "web",
    Timezone: browserTimezone(),
  };
  if (hasJsonBody) headers["Content-Type"] = "application/json";
  const token = readBearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Parses a body as JSON, or returns undefined for an empty or non-JSON body. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The human-readable text a server error body carries, in the order the spec names them, in the
 * page's language (the server answers in English; web/i18n/server-messages.ts has the Chinese).
 */
export function serverMessage(payload: unknown): string | null {
  if (!payload || typeof payload !== "object") return null;
  const body = payload as Record<string, unknown>;
  for (const field of ["message", "msg", "error"] as const) {
    const value = body[field];
    if (typeof value === "string" && value.trim()) return i18n.isInitialized && i18n.language === "zh" ? serverMessageZh(value) : value;
  }
  return null;
}

import { apiHeaders, readJson } from "../../app/api/headers";
import { clearBearerToken, saveBearerToken } from "../../app/api/token";

/**
 * better-auth's own routes. They answer without the envelope and a wrong password is a 401, so
 * they use plain fetch: going through the shared client would treat that 401 as an expired
 * session and redirect.
 */

export class AuthError extends Error {
  override readonly name = "AuthError";
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly code: string | number | null,
  ) {
    super(message);
  }
}

/** The code of a sign-up whose sign-in step was refused. */
export const SIGN_IN_AFTER_SIGN_UP_FAILED = "SIGN_IN_AFTER_SIGN_UP_FAILED";

interface AuthPayload {
  token?: string | null;
  code?: string | number;
  message?: string;
}

async function post(path: string, body: unknown): Promise<{ response: Response; payload: AuthPayload }> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", headers: apiHeaders(true), body: JSON.stringify(body), credentials: "include" });
  } catch {
    throw new AuthError("", 0, null);
  }
  const payload = ((await readJson(response)) ?? {}) as AuthPayload;
  if (!response.ok) throw new AuthError(typeof payload.message === "string" ? payload.message : "", response.status, payload.code ?? null);
  return { response, payload };
}

/** Keeps the bearer token for the API client; the header wins because it is what the bearer plugin issues. */
function keepToken(response: Response, payload: AuthPayload): void {
  saveBearerToken(response.headers.get("set-auth-token") ?? payload.token ?? null);
}

export async function signInEmail(email: string, password: string): Promise<void> {
  const { response, payload } = await post("/api/auth/sign-in/email", { email, password });
  keepToken(response, payload);
}

/**
 * Sign-up answers the same whether or not the e-mail already had an account (so it reveals none),
 * and signs nobody in: the second step is an ordinary sign-in with the same e-mail and password.
 */
export async function signUpEmail(name: string, email: string, password: string): Promise<void> {
  await post("/api/auth/sign-up/email", { name, email, password });
  try {
    await signInEmail(email, password);
  } catch (error) {
    // The e-mail had an account with another password: say so in words that fit both cases.
    if (error instanceof AuthError && error.status === 401) throw new AuthError(error.message, 401, SIGN_IN_AFTER_SIGN_UP_FAILED);
    throw error;
  }
}

/** Ends the server session; the local token is dropped even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  try {
    await post("/api/auth/sign-out", {});
  } finally {
    clearBearerToken();
  }
}

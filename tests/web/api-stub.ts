import { vi } from "vitest";
import { jsonResponse } from "./browserStubs";

/** One call the page made to the API, as a route sees it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Stubs fetch with the API's envelope around `route`'s answers: undefined is a 404, a failure (as
 * `isFailure` recognises it) keeps its status and message, anything else is the `data` of a 200.
 * Returns the calls, in order.
 */
export function stubApi(route: (call: Call) => unknown, isFailure: (answer: unknown) => answer is { status: number; error: string }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const call: Call = {
        method: (init?.method ?? "GET").toUpperCase(),
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const answer = route(call);
      if (answer === undefined) return jsonResponse({ code: 404, data: null, message: "Not found" }, 404);
      if (isFailure(answer)) return jsonResponse({ code: answer.status, data: null, message: answer.error }, answer.status);
      return jsonResponse({ code: 200, data: answer, message: "ok" });
    }),
  );
  return calls;
}

import { vi } from "vitest";

/** A Map-backed localStorage, enough for the code under test. */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

/** The slice of `window` the client touches: the location and the embedding parent. */
export function stubWindow(pathname = "/home") {
  const parent = { postMessage: vi.fn() };
  const location = { pathname, origin: "http://localhost", assign: vi.fn() };
  vi.stubGlobal("window", { location, parent });
  return { parent, location };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

/** A fetch that never answers on its own and fails like the real one when its signal aborts. */
export function hangingFetch() {
  return vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      signal?.addEventListener("abort", () => reject(signal.reason ?? new DOMException("Aborted", "AbortError")));
    });
  });
}

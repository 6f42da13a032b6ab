import { assertSettings, type Env } from "../env";
import { embedOrigins, imageSources, isPlainLocalHttp } from "./site-policy";

/**
 * Headers every response of the Worker carries. The Worker runs
 * first for every path (wrangler.toml `run_worker_first`), so the SPA's HTML gets them too.
 */

type FetchHandler = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/** Who may frame the app: itself plus EMBED_ORIGINS. */
function frameAncestors(env: Env): string {
  return ["'self'", ...embedOrigins(env)].join(" ");
}

/**
 * The SPA's policy. No inline or foreign script; React's `style=` attributes and the editors'
 * (CodeMirror, xterm) injected <style> elements need inline styles. Images: the app, data:/blob:
 * (pasted screenshots, generated previews) and IMAGE_HOSTS. Frames: the workspace's own blob: PDF
 * view and the workspace service previews, which run on their own hosts and are sandboxed frames.
 */
export function spaPolicy(env: Env, url: URL): string {
  const ws = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", "data:", "blob:", ...imageSources(env)].join(" ")}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${ws}`,
    "frame-src 'self' blob: http: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(env)}`,
  ].join("; ");
}

/** The SPA reads these to know where it may post its logout message and load images from. */
class SiteSettings implements HTMLRewriterElementContentHandlers {
  constructor(private readonly env: Env) {}
  element(head: Element): void {
    const meta = (name: string, values: string[]) => `<meta name="${name}" content="${values.join(" ").replace(/[^\w:/.*\- ]/g, "")}">`;
    head.append(meta("teamchat-embed-origins", embedOrigins(this.env)) + meta("teamchat-image-hosts", imageSources(this.env)), { html: true });
  }
}

/**
 * Production cookies are Secure whatever BETTER_AUTH_URL says: only plain http on this machine
 * (npm start, tests) keeps cookies without it, judged by the public URL if set, else the request.
 */
function secureCookies(headers: Headers, env: Env, request: Request): void {
  if (isPlainLocalHttp(env.BETTER_AUTH_URL || request.url)) return;
  const cookies = headers.getSetCookie();
  if (cookies.length === 0 || cookies.every((c) => /;\s*secure\s*(;|$)/i.test(c))) return;
  headers.delete("set-cookie");
  for (const cookie of cookies) headers.append("set-cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
}

function decorate(response: Response, env: Env, request: Request, url: URL): Response {
  const out = new Response(response.body, response);
  const headers = out.headers;
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  secureCookies(headers, env, request);
  const html = (headers.get("content-type") ?? "").toLowerCase().startsWith("text/html");
  if (html && !url.pathname.startsWith("/api/")) {
    headers.set("content-security-policy", spaPolicy(env, url));
    return new HTMLRewriter().on("head", new SiteSettings(env)).transform(out);
  }
  // API answers and stored files: nothing to run, and framed only where the app may be.
  const own = headers.get("content-security-policy");
  headers.set("content-security-policy", `${own ?? "default-src 'none'"}; frame-ancestors ${frameAncestors(env)}`);
  return out;
}

/** Wraps the Worker's fetch: /api/* goes to the API, every other path to the built SPA. */
export function withSecurityHeaders(api: FetchHandler): FetchHandler {
  return async (request, env, ctx) => {
    // A malformed EMBED_ORIGINS or IMAGE_HOSTS fails loudly, naming the setting.
    assertSettings(env);
    const url = new URL(request.url);
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    const response = isApi ? await api(request, env, ctx) : await env.ASSETS.fetch(request);
    // A WebSocket upgrade carries its socket on the response; it has nothing to render.
    if (response.status === 101 || response.webSocket) return response;
    return decorate(response, env, request, url);
  };
}

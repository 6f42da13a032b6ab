import { spawn } from "node:child_process";
import http from "node:http";
import type net from "node:net";

export interface GitHttpServer {
  port: number;
  close(): void;
}

/**
 * A real smart-HTTP git server on loopback (`git http-backend` as CGI) serving the repositories
 * under `root`. `gate` sees each request first and may answer it itself (an auth challenge).
 */
export async function startGitHttpServer(
  root: string,
  gate: (req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false,
): Promise<GitHttpServer> {
  const server = http.createServer((req, res) => {
    if (gate(req, res)) return;
    const u = new URL(req.url ?? "/", "http://x");
    const cgi = spawn("git", ["http-backend"], {
      env: {
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        REMOTE_USER: "tester",
        PATH_INFO: u.pathname,
        QUERY_STRING: u.search.slice(1),
        REQUEST_METHOD: req.method ?? "GET",
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        PATH: process.env.PATH ?? "",
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on("data", (d: Buffer) => chunks.push(d));
    cgi.on("close", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const headers = Object.fromEntries(
        all
          .subarray(0, split)
          .toString()
          .split("\r\n")
          .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]),
      );
      res.writeHead(Number(String(headers.Status ?? "200").split(" ")[0]), headers).end(all.subarray(split + 4));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

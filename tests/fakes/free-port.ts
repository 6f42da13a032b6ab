import { createServer } from "node:net";

/** Ports this process has handed out already: the kernel may offer a closed one again at once. */
const given = new Set<number>();

/**
 * A port free right now on loopback, and never one this process handed out before. The servers of a
 * run are started later, each on its port: two of them given the same port once left the git daemon
 * unable to listen, and the import tests talked to the sandbox host in its place.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!given.has(port)) {
      given.add(port);
      return port;
    }
  }
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

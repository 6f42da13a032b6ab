// One member's chat socket in the main thread, for the benchmarks that follow a few sockets
// closely (agent, coding); the chat benchmark's many sockets live in bench/client-pool.ts.
import WebSocket from "ws";
import { benchToken } from "./seed.ts";

export interface Client {
  index: number;
  ws: WebSocket;
}

// The `ws` package, not Node's built-in WebSocket: with hundreds of sockets in one process the
// client's own frame handling would otherwise be what the benchmark measures.
export async function connect(base: string, chatId: string, index: number, onFrame: (client: number, frame: any) => void): Promise<Client> {
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/chats/${chatId}/ws?token=${benchToken(index)}`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", (err) => reject(new Error(`client ${index} could not connect: ${err.message}`)));
  });
  ws.on("message", (data) => onFrame(index, JSON.parse(data.toString())));
  return { index, ws };
}

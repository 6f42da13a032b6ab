// The scripted model in a worker thread (startFakeLlmThread): the log goes back to the parent as it changes.
import { parentPort } from "node:worker_threads";
import { startFakeLlm } from "./fake-llm.ts";

const llm = await startFakeLlm(0, (index, rec) => parentPort!.postMessage({ index, rec }));
parentPort!.postMessage({ ready: { url: llm.url, port: llm.port } });

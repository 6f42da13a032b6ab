import * as v from "valibot";
import type { Env } from "../env";
import type { VireRow } from "../vires/mapper";

/** Tells the custom-assistant service to build the assistant a user just saved (spec 01 §4). */
export const CustomAssistantJob = v.object({
  type: v.literal("custom_assistant_notify"),
  taskId: v.string(),
  virtualEmployeeId: v.string(),
  name: v.string(),
  role: v.string(),
  description: v.string(),
  skills: v.array(v.string()),
  rolePrompt: v.string(),
  ownerId: v.string(),
});
export type CustomAssistantJob = v.InferOutput<typeof CustomAssistantJob>;

const REQUEST_TIMEOUT_MS = 10_000;

export function customAssistantJob(row: VireRow): CustomAssistantJob {
  return {
    type: "custom_assistant_notify",
    taskId: row.taskId ?? "",
    virtualEmployeeId: row.id,
    name: row.name,
    role: row.role,
    description: row.description,
    skills: row.skills,
    rolePrompt: row.rolePrompt,
    ownerId: row.ownerId,
  };
}

/**
 * The save already succeeded and the spec calls the notification fire-and-forget, so a queue
 * outage is logged rather than turned into a failed save.
 */
export async function enqueueCustomAssistant(env: Env, row: VireRow): Promise<void> {
  try {
    await env.JOBS.send(customAssistantJob(row));
  } catch (err) {
    console.error("custom assistant: could not enqueue the notification", row.id, err);
  }
}

/**
 * POSTs the job to the endpoint. Network errors, timeouts, 5xx, 408 and 429 may pass, so they are
 * retried; any other 4xx means the request itself is wrong and retrying could never help.
 * A throw makes the queue consumer retry with backoff. Returns what happened, for the tests.
 */
export async function notifyCustomAssistant(
  endpoint: string | undefined,
  job: CustomAssistantJob,
  fetchFn: typeof fetch = fetch,
): Promise<"skipped" | "sent" | "rejected"> {
  if (!endpoint?.trim()) return "skipped";
  let url: URL;
  try {
    url = new URL(endpoint.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not http");
  } catch {
    console.error("custom assistant: CUSTOM_ASSISTANT_ENDPOINT is not an http(s) URL; notification dropped");
    return "skipped";
  }
  const { type: _type, ...payload } = job;
  let res: Response;
  try {
    res = await fetchFn(url.toString(), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new Error(`custom assistant endpoint unreachable: ${String(err)}`);
  }
  // The body is not needed; reading it frees the connection.
  await res.body?.cancel();
  if (res.ok) return "sent";
  if (res.status >= 500 || res.status === 408 || res.status === 429) throw new Error(`custom assistant endpoint answered ${res.status}`);
  console.error("custom assistant: endpoint refused the notification", res.status, job.virtualEmployeeId);
  return "rejected";
}

export async function runCustomAssistantJob(env: Env, job: CustomAssistantJob, fetchFn: typeof fetch = fetch): Promise<void> {
  await notifyCustomAssistant(env.CUSTOM_ASSISTANT_ENDPOINT, job, fetchFn);
}

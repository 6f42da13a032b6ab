import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { runCleanupJobs } from "../../../worker/jobs/cleanup/index";
import { countRows, expectNothingStoredYet } from "../helpers";
import { groupOfTwo } from "../attachments/files";
import { addCodingAgent, newProject, projectPath } from "../project-helpers";
import { heldWorker } from "./held-queue";

const keysOf = async (fileId: string) => (await env.FILES.list({ prefix: `analysis/${fileId}/` })).objects.map((o) => o.key);

async function analysedTextFile(w: ReturnType<typeof heldWorker>) {
  const { alice, bob, chatId } = await groupOfTwo();
  const { attachmentId } = await w.upload(alice, chatId, new File(["Notes of the week."], "week.txt", { type: "text/plain" }));
  const fileId = (await w.call(`/api/v1/file-index/lookup?chatId=${chatId}&attachmentId=${attachmentId}`, { token: alice.token })).json.data.fileId as string;
  await w.drain();
  expect(await keysOf(fileId)).toEqual([`analysis/${fileId}/text.txt`]);
  return { alice, bob, chatId, fileId };
}

// The cleanup counts every analysed file it removes: this file runs first in its workerd.
beforeAll(expectNothingStoredYet);

describe("analysis results and their sources", () => {
  it("dissolving a chat removes its analysed files' rows at once and their stored results at the next cleanup; live files stay", async () => {
    const w = heldWorker();
    const gone = await analysedTextFile(w);
    const live = await analysedTextFile(w);
    expect((await w.call(`/api/group-chats/${gone.chatId}`, { method: "DELETE", token: gone.alice.token })).status).toBe(200);
    expect(await countRows("analysis_file WHERE id = ?", gone.fileId)).toBe(0);
    expect(await countRows("deep_research WHERE file_id = ?", gone.fileId)).toBe(0);
    const report = await runCleanupJobs(env);
    expect(report.failed).toEqual([]);
    expect(report.removed.analysis).toBe(1);
    expect(await keysOf(gone.fileId)).toEqual([]);
    expect(await keysOf(live.fileId)).toEqual([`analysis/${live.fileId}/text.txt`]);
    // A second run finds nothing more to remove.
    expect((await runCleanupJobs(env)).removed.analysis).toBe(0);
  });

  it("deleting a project removes its analysed files and, at the next cleanup, their copies", async () => {
    const w = heldWorker();
    const { alice } = await groupOfTwo();
    await addCodingAgent(alice);
    const { projectId } = await newProject(alice, "Short Lived");
    await w.call(`${projectPath(projectId, "file-content")}?filePath=plan.txt`, { token: alice.token, body: { file_content: "The plan." } });
    const r = await w.call("/api/v1/file-index/analyze", { token: alice.token, body: { projectId, filePath: "plan.txt" } });
    const fileId = r.json.data.fileId as string;
    await w.drain();
    expect((await keysOf(fileId)).sort()).toEqual([`analysis/${fileId}/original`, `analysis/${fileId}/text.txt`]);
    expect((await w.call(projectPath(projectId), { method: "DELETE", token: alice.token })).status).toBe(200);
    expect(await countRows("analysis_file WHERE id = ?", fileId)).toBe(0);
    await runCleanupJobs(env);
    expect(await keysOf(fileId)).toEqual([]);
  }, 30_000);
});

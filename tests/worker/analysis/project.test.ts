import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUp } from "../helpers";
import { team } from "../chat-helpers";
import { addCodingAgent, newProject, projectPath } from "../project-helpers";
import { meetingSegments } from "./model-answers";
import { fixture, heldWorker, scriptSpeech, type HeldWorker } from "./held-queue";

async function uploadToProject(w: HeldWorker, token: string, projectId: string, file: File, filePath?: string) {
  const form = new FormData();
  form.append("file", file);
  if (filePath) form.append("file_path", filePath);
  const res = await w.fetchRaw(projectPath(projectId, "file-upload"), { method: "POST", body: form, token });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("a recording uploaded to a project", () => {
  it("is copied from the workspace into storage by the first step and analysed like a chat's", async () => {
    const w = heldWorker();
    const { admin: owner, members } = await team("Pia Peer");
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Podcast Project");
    const name = `interview-${crypto.randomUUID().slice(0, 8)}.mp3`;
    await scriptSpeech({ name, segments: meetingSegments() });
    await uploadToProject(w, owner.token, projectId, new File([await fixture("meeting.mp3", "audio/mpeg")], name), `media/${name}`);
    // Plain files of a project are not analysed; only the recording queued a step.
    expect(w.sent.map((j) => j.step)).toEqual(["transcode"]);

    const lookup = await w.call(`/api/v1/file-index/lookup?projectId=${projectId}&filePath=${encodeURIComponent(`media/${name}`)}`, { token: owner.token });
    const fileId = lookup.json.data.fileId as string;
    expect(fileId).toMatch(/^afile_/);
    const before = (await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: owner.token })).json.data;
    // Before the copy, the original is read through the project's own raw-file route.
    expect(before.url).toBe(`/api/coding-projects/${projectId}/file-raw?filePath=media%2F${name}`);
    expect(before.source).toEqual({ kind: "project", projectId, filePath: `media/${name}` });

    expect(await w.drain()).toEqual(["transcode", "transcribe", "summarise", "insights"]);
    const done = (await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: owner.token })).json.data;
    expect(done).toMatchObject({ transcodeStatus: "suc", transcribeStatus: 2, summaryStatus: 2, url: `/api/v1/file-index/${fileId}/media/original` });
    const original = await env.FILES.get(`analysis/${fileId}/original`);
    expect(original?.size).toBe((await fixture("meeting.mp3", "audio/mpeg")).size);
    expect(done.size).toBe(original?.size);

    // Someone in the organization but not in the project's chat does not see it.
    expect((await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: members[0]!.token })).status).toBe(404);
    expect((await w.call(`/api/v1/file-index/lookup?projectId=${projectId}&filePath=media/${name}`, { token: members[0]!.token })).status).toBe(404);

    // The same path uploaded again is new bytes: the analysis starts over and copies them again.
    await uploadToProject(w, owner.token, projectId, new File([await fixture("meeting.mp3", "audio/mpeg")], name), `media/${name}`);
    expect(w.sent.map((j) => j.step)).toEqual(["transcode"]);
    expect((await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: owner.token })).json.data).toMatchObject({
      transcodeStatus: "ing",
      transcribeStatus: 0,
    });
    await w.drain();
  }, 60_000);

  it("a project file can be analysed on request; paths into .git or up the tree are refused; deleting the file forgets it", async () => {
    const w = heldWorker();
    const owner = await signUp("Rita Requester");
    await addCodingAgent(owner);
    const { projectId } = await newProject(owner, "Docs Project");
    const note = await w.call(`${projectPath(projectId, "file-content")}?filePath=notes.md`, {
      token: owner.token,
      body: { file_content: "# Notes\nShip it." },
    });
    expect(note.status).toBe(200);
    expect(w.sent).toEqual([]);
    const r = await w.call("/api/v1/file-index/analyze", { token: owner.token, body: { projectId, filePath: "notes.md" } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ fileType: "local_file", setUpStatus: 1, fileName: "notes.md" });
    await w.drain();
    expect((await w.call(`/api/v1/file-index/file-detail/${r.json.data.fileId}`, { token: owner.token })).json.data.setUpStatus).toBe(2);
    for (const filePath of [".git/config.md", "../other/notes.md"]) {
      expect((await w.call("/api/v1/file-index/analyze", { token: owner.token, body: { projectId, filePath } })).status, filePath).toBe(400);
    }

    // Deleting the file (or its folder) forgets its analysis; a file of a similar name stays.
    await w.call(`${projectPath(projectId, "file-content")}?filePath=docs/a.md`, { token: owner.token, body: { file_content: "A" } });
    await w.call(`${projectPath(projectId, "file-content")}?filePath=docs-old/b.md`, { token: owner.token, body: { file_content: "B" } });
    const a = (await w.call("/api/v1/file-index/analyze", { token: owner.token, body: { projectId, filePath: "docs/a.md" } })).json.data.fileId;
    const b = (await w.call("/api/v1/file-index/analyze", { token: owner.token, body: { projectId, filePath: "docs-old/b.md" } })).json.data.fileId;
    expect((await w.call(`${projectPath(projectId, "file")}?filePath=notes.md`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await w.call(`${projectPath(projectId, "file")}?filePath=docs`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await w.call(`/api/v1/file-index/file-detail/${r.json.data.fileId}`, { token: owner.token })).status).toBe(404);
    expect((await w.call(`/api/v1/file-index/file-detail/${a}`, { token: owner.token })).status).toBe(404);
    expect((await w.call(`/api/v1/file-index/file-detail/${b}`, { token: owner.token })).status).toBe(200);
  }, 60_000);
});

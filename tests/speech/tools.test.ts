// npm start asks speech/tools.ts whether the speech service can run; a missing program or model
// is named, with the command that installs it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { missingSpeechTools, missingToolsMessage, SPEECH_PROGRAMS } from "../../speech/tools.ts";

let dir: string;
let bin: string;
let model: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-tools-"));
  bin = path.join(dir, "bin");
  model = path.join(dir, "model");
  await fs.mkdir(bin);
  await fs.mkdir(model);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("speech tool detection", () => {
  it("names every program and the model when none is there", () => {
    expect(missingSpeechTools(bin, model)).toEqual([...SPEECH_PROGRAMS, `the pocketsphinx-en-us model (${model})`]);
  });

  it("finds executables on any PATH entry, and not files that cannot run", async () => {
    const other = path.join(dir, "other");
    await fs.mkdir(other, { recursive: true });
    await fs.writeFile(path.join(bin, "ffmpeg"), "#!/bin/sh\n", { mode: 0o755 });
    await fs.writeFile(path.join(other, "espeak-ng"), "#!/bin/sh\n", { mode: 0o755 });
    await fs.writeFile(path.join(other, "ffprobe"), "not a program", { mode: 0o644 });
    await fs.writeFile(path.join(model, "en-us.lm.bin"), "");
    expect(missingSpeechTools([bin, other].join(path.delimiter), model)).toEqual(["pocketsphinx_continuous", "ffprobe"]);
  });

  it("says what is missing and how to install it in one line", () => {
    const line = missingToolsMessage(["pocketsphinx_continuous", "espeak-ng"]);
    expect(line).not.toContain("\n");
    expect(line).toContain("missing pocketsphinx_continuous, espeak-ng");
    expect(line).toContain("apt-get install -y pocketsphinx pocketsphinx-en-us espeak-ng ffmpeg");
  });

  it("finds this machine's real tools", () => {
    expect(missingSpeechTools()).toEqual([]);
  });
});

// The one way the service starts a tool: real processes past their time limit, past their output
// limit or whose client left are killed, and a program that is not installed is an error, not a hang.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { run } from "../../speech/run.ts";
import { adopt } from "../../speech/jail.ts";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-run-"));
  await adopt(dir);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const never = () => new AbortController().signal;

describe("running a tool", () => {
  it("answers the exit code and output, with text on stdin", async () => {
    const result = await run("sh", ["-c", "tr a-z A-Z; echo oops >&2; exit 3"], { dir, signal: never(), timeoutMs: 10_000, input: "-v hello" });
    expect(result).toEqual({ code: 3, stdout: "-V HELLO", stderr: "oops\n" });
  });

  it("gives the tool only PATH and LANG, never the service's own settings", async () => {
    process.env.SPEECH_RUN_TEST_SECRET = "do-not-leak";
    const result = await run("env", [], { dir, signal: never(), timeoutMs: 10_000 });
    delete process.env.SPEECH_RUN_TEST_SECRET;
    expect(result.stdout).not.toContain("do-not-leak");
    // bwrap adds PWD for the folder it starts in.
    const names = result.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("=")[0]);
    expect(names.filter((name) => name !== "PWD").sort()).toEqual(["LANG", "PATH"]);
  });

  it("stops a tool past its time limit with a 504", async () => {
    await expect(run("sleep", ["30"], { dir, signal: never(), timeoutMs: 300 })).rejects.toMatchObject({
      status: 504,
      message: expect.stringContaining("sleep took longer"),
    });
  });

  it("stops a tool whose client went away", async () => {
    const controller = new AbortController();
    const pending = run("sleep", ["30"], { dir, signal: controller.signal, timeoutMs: 60_000 });
    setTimeout(() => controller.abort(new Error("client went away")), 200);
    await expect(pending).rejects.toThrow("client went away");
  });

  it("stops a tool that writes more than its output limit", async () => {
    await expect(run("yes", [], { dir, signal: never(), timeoutMs: 10_000, maxStdout: 100_000 })).rejects.toMatchObject({ status: 500 });
  });

  it("reports a program that is not installed", async () => {
    const result = run("no-such-speech-tool", [], { dir, signal: never(), timeoutMs: 10_000 });
    // Jailed, bwrap starts and reports the missing program with a failing exit code; directly, spawn fails.
    await expect(
      result.then(
        (r) => r.code,
        () => "failed",
      ),
    ).resolves.not.toBe(0);
  });
});

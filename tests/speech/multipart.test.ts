// The streaming form reader on its own: a body cut into pieces anywhere, even inside a boundary,
// gives back exactly the bytes that were sent, and file content that looks like a boundary stays content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { IncomingMessage } from "node:http";
import { readMultipart } from "../../speech/multipart.ts";

const BOUNDARY = "----formBoundary7MA4YWxk";
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-multipart-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function form(file: Buffer, fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../x.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  return Buffer.concat([Buffer.from("preamble to ignore\r\n"), ...parts, head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\nepilogue`)]);
}

function request(body: Buffer, pieceSize: number, contentType = `multipart/form-data; boundary=${BOUNDARY}`): IncomingMessage {
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.length; i += pieceSize) pieces.push(body.subarray(i, i + pieceSize));
  return Object.assign(Readable.from(pieces), { headers: { "content-type": contentType } }) as unknown as IncomingMessage;
}

let n = 0;
async function read(body: Buffer, pieceSize: number, maxFileBytes = 1024 * 1024) {
  const filePath = path.join(dir, `file-${n++}`);
  const result = await readMultipart(request(body, pieceSize), { fileField: "file", filePath, maxFileBytes, maxFieldBytes: 1024, maxParts: 10 });
  return { ...result, bytes: await fs.readFile(filePath) };
}

describe("multipart reader", () => {
  // Near-boundaries inside the file: they must come back as content.
  const file = Buffer.concat([
    Buffer.from("RIFF\r\n--"),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}`),
    Buffer.alloc(300, 7),
    Buffer.from(`\r\n-${BOUNDARY}\r\n`),
  ]);
  const body = form(file, { model: "whisper-1", "timestamp_granularities[]": "word" });

  it.each([1, 2, 3, 7, 13, 64, 1000, body.length])("gives back the file and fields with the body in pieces of %i bytes", async (size) => {
    const result = await read(body, size);
    expect(result.bytes.equals(file)).toBe(true);
    expect(result.file).toEqual({ size: file.length });
    expect(Object.fromEntries(result.fields)).toEqual({ model: ["whisper-1"], "timestamp_granularities[]": ["word"] });
  });

  it("stops at the file limit", async () => {
    await expect(read(body, 50, 100)).rejects.toMatchObject({ status: 413 });
  });

  it("refuses bodies without a boundary or with an unterminated part", async () => {
    await expect(
      readMultipart(request(body, 10, "multipart/form-data"), {
        fileField: "file",
        filePath: path.join(dir, "x"),
        maxFileBytes: 10,
        maxFieldBytes: 10,
        maxParts: 1,
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(read(body.subarray(0, body.length - 20), 10)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Malformed multipart") });
  });
});

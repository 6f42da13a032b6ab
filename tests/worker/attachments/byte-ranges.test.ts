import { describe, expect, it } from "vitest";
import { decideRange } from "../../../worker/attachments/byte-range";
import { signUp } from "../helpers";
import { team } from "../chat-helpers";
import { IMAGES, uploadImage } from "../api/image-fixtures";
import { fetchFile, groupOfTwo, uploadAttachment } from "./files";

/** 1000 bytes whose every position is recognisable (byte i is i mod 251), after an ftyp box that makes them an MP4 to the upload's sniffing. */
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
BYTES.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d]);
const slice = (from: number, to: number) => BYTES.slice(from, to + 1);

async function videoIn(chat: Awaited<ReturnType<typeof groupOfTwo>>) {
  const r = await uploadAttachment(chat.alice, chat.chatId, new File([BYTES], "clip.mp4", { type: "video/mp4" }));
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.data.mimeType).toBe("video/mp4");
  return r.json.data.fileUrl as string;
}

describe("Range requests on chat attachments", () => {
  it("answers a range with 206 and only those bytes, and a request without one with the whole file", async () => {
    const chat = await groupOfTwo();
    const url = await videoIn(chat);

    const whole = await fetchFile(url, chat.bob);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(BYTES);

    for (const [header, from, to] of [
      ["bytes=100-199", 100, 199],
      ["bytes=0-0", 0, 0],
      // Past the end is cut at the end.
      ["bytes=990-5000", 990, 999],
      // Open: from 900 to the end.
      ["bytes=900-", 900, 999],
      // Suffix: the last 100 bytes, and a suffix longer than the file is the whole file.
      ["bytes=-100", 900, 999],
      ["bytes=-5000", 0, 999],
    ] as const) {
      const res = await fetchFile(url, chat.bob, { range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get("content-range"), header).toBe(`bytes ${from}-${to}/1000`);
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      // The range path keeps the headers that decide how the bytes are treated.
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toMatch(/^sandbox;/);
      expect(new Uint8Array(await res.arrayBuffer()), header).toEqual(slice(from, to));
    }
  });

  it("answers 416 with the file's size for a range outside it, and the whole file for a header it does not serve", async () => {
    const chat = await groupOfTwo();
    const url = await videoIn(chat);
    for (const header of ["bytes=1000-", "bytes=5000-6000", "bytes=-0"]) {
      const res = await fetchFile(url, chat.bob, { range: header });
      expect(res.status, header).toBe(416);
      expect(res.headers.get("content-range"), header).toBe("bytes */1000");
      expect(await res.arrayBuffer()).toHaveProperty("byteLength", 0);
    }
    // Several ranges, a reversed one, another unit or nonsense: the whole file, as the RFC allows.
    for (const header of ["bytes=0-1,5-6", "bytes=50-10", "items=0-5", "bytes=abc", "bytes=-"]) {
      const res = await fetchFile(url, chat.bob, { range: header });
      expect(res.status, header).toBe(200);
      expect((await res.arrayBuffer()).byteLength, header).toBe(1000);
    }
  });

  it("a range gives strangers exactly the refusal they get without one", async () => {
    const chat = await groupOfTwo();
    const url = await videoIn(chat);
    const outsider = await signUp("Olga Outsider");
    const { members } = await team("Carol");
    for (const u of [outsider, members[0]!]) {
      for (const range of ["bytes=0-99", "bytes=-100", "bytes=5000-"]) {
        const plain = await fetchFile(url, u);
        const ranged = await fetchFile(url, u, { range });
        expect([ranged.status, ranged.headers.get("content-range")]).toEqual([404, null]);
        expect(await ranged.text()).toBe(await plain.text());
      }
    }
    const anon = await fetchFile(url, null, { range: "bytes=0-99" });
    expect(anon.status).toBe(401);
    expect(anon.headers.get("content-range")).toBeNull();
    // A missing file is a 404 with or without a range.
    const missing = url.replace(/attach_[a-f0-9]{32}$/, `attach_${"0".repeat(32)}`);
    expect((await fetchFile(missing, chat.bob, { range: "bytes=0-1" })).status).toBe(404);
  });
});

describe("Range requests on uploaded editor images", () => {
  it("serves 206 and 416, keeps the SVG download headers, and still refuses the signed-out", async () => {
    const u = await signUp("Ivy Ranges");
    const png = (await uploadImage(u, IMAGES.png.bytes, "dot.png", "image/png")).json.data.url as string;
    const size = IMAGES.png.bytes.byteLength;
    const part = await fetchFile(png, u, { range: "bytes=-10" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(IMAGES.png.bytes.slice(size - 10));
    const open = await fetchFile(png, u, { range: "bytes=8-" });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(IMAGES.png.bytes.slice(8));
    expect((await fetchFile(png, u, { range: `bytes=${size}-` })).status).toBe(416);

    const svg = (await uploadImage(u, IMAGES.svg.bytes, "logo.svg", "image/svg+xml")).json.data.url as string;
    const svgPart = await fetchFile(svg, u, { range: "bytes=0-9" });
    expect(svgPart.status).toBe(206);
    expect(svgPart.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(svgPart.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    await svgPart.body?.cancel();

    const anon = await fetchFile(png, null, { range: "bytes=0-9" });
    expect(anon.status).toBe(401);
    expect(anon.headers.get("content-range")).toBeNull();
  });
});

describe("decideRange", () => {
  it("reads one range against the size", () => {
    expect(decideRange("bytes=0-9", 0)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange(" BYTES=2-3 ", 10)).toEqual({ kind: "partial", range: { offset: 2, length: 2 } });
    expect(decideRange("bytes=9-", 10)).toEqual({ kind: "partial", range: { offset: 9, length: 1 } });
    expect(decideRange("bytes=10-", 10)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=3-2", 10)).toEqual({ kind: "full" });
    expect(decideRange(null, 10)).toEqual({ kind: "full" });
  });
});

import type mammoth from "mammoth";
import { ExtractError } from "../knowledge/extract";

/** The plain text of a Word document (mammoth, which the web's preview uses too); paragraphs stay apart. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  let text: string;
  try {
    // Both builds' inputs: the deployed bundle resolves mammoth's browser build (wrangler prefers the
    // `browser` field), which reads only `arrayBuffer`; its Node build reads only `buffer`. With just
    // `buffer`, every Word document failed in production while tests, on the Node build, passed.
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const input = { arrayBuffer, buffer: bytes } as unknown as Parameters<typeof mammoth.extractRawText>[0];
    const { default: reader } = await import("mammoth");
    const result = await reader.extractRawText(input);
    text = result.value;
  } catch (err) {
    const detail = err instanceof Error && err.message ? ` (${err.message.slice(0, 200)})` : "";
    throw new ExtractError(`This Word document could not be read${detail}. It may be damaged; try saving it again.`);
  }
  if (!text.trim()) throw new ExtractError("No text was found in this Word document.");
  return text;
}

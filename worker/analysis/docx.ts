import mammoth from "mammoth";
import { ExtractError } from "../knowledge/extract";

/** The plain text of a Word document (mammoth, which the web's preview uses too); paragraphs stay apart. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  let text: string;
  try {
    // mammoth's Node build (the one bundled for workerd) opens `buffer` with JSZip, which takes bytes as they are.
    const input = { buffer: bytes } as unknown as Parameters<typeof mammoth.extractRawText>[0];
    const result = await mammoth.extractRawText(input);
    text = result.value;
  } catch (err) {
    const detail = err instanceof Error && err.message ? ` (${err.message.slice(0, 200)})` : "";
    throw new ExtractError(`This Word document could not be read${detail}. It may be damaged; try saving it again.`);
  }
  if (!text.trim()) throw new ExtractError("No text was found in this Word document.");
  return text;
}

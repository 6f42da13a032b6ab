// Speech to text with pocketsphinx_continuous (pocketsphinx 0.8, Debian's en-us model). With
// `-time yes` it prints each utterance's hypothesis, then one line per word: the word, its start and
// end in seconds from the start of the file, and its posterior probability.
import path from "node:path";
import { run } from "./run.ts";

export type RecognizedWord = { word: string; start: number; end: number; confidence: number };
/** An utterance: pocketsphinx's own split at a long silence. */
export type Utterance = { words: RecognizedWord[] };

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?(?:e-?\d+)?)$/;
/** <s>, </s>, <sil>, [NOISE], [SPEECH], ++FILLER++: markers, not words. */
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** Parses `-time yes` output. Alternate pronunciations come as `word(2)`: the marker is dropped. */
export function parseTimedOutput(stdout: string): Utterance[] {
  const utterances: Utterance[] = [];
  let current: Utterance | null = null;
  for (const line of stdout.split("\n")) {
    const m = WORD_LINE.exec(line.trim());
    if (!m) continue; // a hypothesis line
    const [, raw, start, end, p] = m;
    const token = raw!.replace(/\(\d+\)$/, "");
    if (token === "<s>") {
      current = { words: [] };
      utterances.push(current);
      continue;
    }
    if (!current) {
      current = { words: [] };
      utterances.push(current);
    }
    if (token === "</s>") {
      current = null;
      continue;
    }
    if (FILLER.test(token)) continue;
    current.words.push({ word: token, start: Number(start), end: Number(end), confidence: Math.min(1, Number(p)) });
  }
  return utterances.filter((u) => u.words.length > 0);
}

/** Narrower search beams: fewer Gaussians scored, fewer words and HMMs kept per frame. */
const FAST_SEARCH = ["-topn", "2", "-maxwpf", "5", "-maxhmmpf", "3000"];

/** Recognizes a 16 kHz mono wav; the time limit grows with the audio (0.3–0.6× real time on a busy 2-core machine). */
export async function recognize(wav: string, durationSeconds: number, opts: { modelDir: string; fast: boolean; signal: AbortSignal }): Promise<Utterance[]> {
  const { modelDir, signal } = opts;
  const args = [
    "-infile",
    wav,
    "-hmm",
    path.join(modelDir, "en-us"),
    "-lm",
    path.join(modelDir, "en-us.lm.bin"),
    "-dict",
    path.join(modelDir, "cmudict-en-us.dict"),
    "-time",
    "yes",
    "-logfn",
    "/dev/null",
    ...(opts.fast ? FAST_SEARCH : []),
  ];
  const result = await run("pocketsphinx_continuous", args, {
    dir: path.dirname(wav),
    readOnly: [modelDir],
    signal,
    timeoutMs: 120_000 + durationSeconds * 2000,
    maxStdout: 64 * 1024 * 1024,
  });
  if (result.code !== 0) throw new Error(`pocketsphinx_continuous failed (exit ${result.code}): ${result.stderr.slice(0, 500)}`);
  return parseTimedOutput(result.stdout);
}

/**
 * Just enough MPEG audio parsing to join spoken lines into one podcast and time its subtitles: each
 * line's duration is the sum of its frames (samples ÷ sample rate), which holds for constant and
 * variable bitrates alike. ID3 tags are dropped, so the joined file is one clean frame stream.
 */

const BITRATES: Record<string, number[]> = {
  "1-3": [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "1-2": [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "2-3": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  "2-2": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface Frame {
  length: number;
  seconds: number;
}

function frameAt(b: Uint8Array, i: number): Frame | null {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[i + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layerBits = (b[i + 1]! >> 1) & 3; // 1 layer III, 2 layer II
  if (version === 1 || (layerBits !== 1 && layerBits !== 2)) return null;
  const layer = layerBits === 1 ? 3 : 2;
  const kbps = BITRATES[`${version === 3 ? 1 : 2}-${layer}`]![b[i + 2]! >> 4];
  const rate = SAMPLE_RATES[version]![(b[i + 2]! >> 2) & 3];
  if (!kbps || !rate) return null;
  const padding = (b[i + 2]! >> 1) & 1;
  const samples = layer === 3 && version !== 3 ? 576 : 1152;
  const length = Math.floor(((samples / 8) * kbps * 1000) / rate) + padding;
  return length > 4 ? { length, seconds: samples / rate } : null;
}

function id3Size(b: Uint8Array): number {
  if (b.length < 10 || b[0] !== 0x49 || b[1] !== 0x44 || b[2] !== 0x33) return 0;
  const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
  return 10 + size + (b[5]! & 0x10 ? 10 : 0);
}

/** The frames of an mp3 (tags left out) and how long they play; null when the bytes hold no MPEG audio. */
export function mp3Audio(bytes: Uint8Array): { frames: Uint8Array; seconds: number } | null {
  let i = id3Size(bytes);
  // Skip anything before the first frame whose successor is also a frame (a stray 0xFF is not a sync).
  while (i < bytes.length) {
    const f = frameAt(bytes, i);
    if (f && (i + f.length >= bytes.length || frameAt(bytes, i + f.length))) break;
    i += 1;
  }
  const start = i;
  let seconds = 0;
  while (i < bytes.length) {
    const f = frameAt(bytes, i);
    if (!f) break;
    seconds += f.seconds;
    i += f.length;
  }
  if (seconds === 0) return null;
  return { frames: bytes.subarray(start, Math.min(i, bytes.length)), seconds };
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

import { MENTION_SOUND_MS } from "../../../contract";

type AudioContextClass = typeof AudioContext;

const RESUME_WAIT_MS = 250;

/** One context for the page: browsers cap how many may exist, and creating one per chime leaks them. */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor =
    (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/**
 * A short two-note chime of 0.3 s (spec 01 §9), synthesised so no sound file ships. Any failure
 * (no audio support, autoplay blocked before the user touched the page) is silent: the toast
 * still says what happened. Resolves true when the chime was scheduled.
 */
export async function playMentionSound(): Promise<boolean> {
  try {
    const ctx = audioContext();
    if (!ctx) return false;
    // Before the user has touched the page, resume() can wait for a gesture indefinitely: a late chime would be confusing.
    if (ctx.state === "suspended") await Promise.race([ctx.resume(), new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS))]);
    if (ctx.state !== "running") return false;
    const seconds = MENTION_SOUND_MS / 1000;
    const start = ctx.currentTime;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    gain.connect(ctx.destination);
    const tone = ctx.createOscillator();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(1320, start + seconds / 2);
    tone.connect(gain);
    tone.start(start);
    tone.stop(start + seconds);
    tone.onended = () => gain.disconnect();
    return true;
  } catch {
    return false;
  }
}

/** Tests start each case without a context left over from the previous one. */
export function resetMentionSound(): void {
  context = null;
}

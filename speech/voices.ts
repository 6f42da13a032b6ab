// Which espeak-ng voice speaks: OpenAI's voice names map to en-us variants, an espeak voice name
// is used as given, and Chinese text is spoken by the Mandarin voice (cmn) with the same variant.

/** OpenAI's voices. alloy, the usual default, is the klatt variant, the one pocketsphinx understands best. */
export const OPENAI_VOICES: Record<string, string> = {
  alloy: "en-us+klatt",
  ash: "en-us+m1",
  ballad: "en-us+m5",
  coral: "en-us+f2",
  echo: "en-us+m3",
  fable: "en-us+klatt2",
  onyx: "en-us+m7",
  nova: "en-us+f3",
  sage: "en-us+f4",
  shimmer: "en-us+f5",
  verse: "en-us+klatt3",
  marin: "en-us+f1",
  cedar: "en-us+m2",
};

/** espeak-ng's own names: a language (en, en-us, cmn, zh …) and an optional +variant. */
const ESPEAK_VOICE = /^[a-z]{2,3}(-[a-z0-9]{1,8}){0,3}(\+[a-z0-9]{1,24})?$/i;
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

export function isKnownVoiceName(voice: string): boolean {
  return voice.toLowerCase() in OPENAI_VOICES || ESPEAK_VOICE.test(voice);
}

export function espeakVoice(voice: string, text: string): string {
  const chosen = OPENAI_VOICES[voice.toLowerCase()] ?? voice.replace(/^zh(?=$|[-+])/i, "cmn");
  if (!CJK.test(text)) return chosen;
  const variant = /\+[a-z0-9]+$/i.exec(chosen)?.[0] ?? "";
  return /^cmn/i.test(chosen) ? chosen : `cmn${variant}`;
}

/** OpenAI's speed (0.25–4, 1 normal) as espeak-ng words per minute (175 normal; it takes 80–450). */
export function espeakRate(speed: number): number {
  return Math.min(450, Math.max(80, Math.round(175 * speed)));
}

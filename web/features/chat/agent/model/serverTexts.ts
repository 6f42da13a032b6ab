import { AGENT_TEXTS } from "../../../../../contract";

export type ServerTextKey = keyof typeof AGENT_TEXTS;

/** The translation key of a text the room sends (AGENT_TEXTS), so Chinese users read it in Chinese. */
export function serverTextKey(text: string | null | undefined): `agent.server.${ServerTextKey}` | null {
  if (!text) return null;
  for (const [key, value] of Object.entries(AGENT_TEXTS)) if (value === text) return `agent.server.${key as ServerTextKey}`;
  return null;
}

/** A room error for display: translated when known, as sent otherwise. */
export function serverText(t: (key: string) => string, text: string | null | undefined): string {
  const key = serverTextKey(text);
  return key ? t(key) : (text ?? "");
}

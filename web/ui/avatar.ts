/** Six fixed colours (spec 01 §9); white text reaches AA contrast on each. */
export const AVATAR_COLORS = ["#2563eb", "#7c3aed", "#db2777", "#c2410c", "#15803d", "#0e7490"] as const;

/** A stable hash so the same name always gets the same colour on every device. */
function hashName(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

export function avatarColor(name: string): string {
  return AVATAR_COLORS[hashName(name.trim().toLowerCase()) % AVATAR_COLORS.length]!;
}

/**
 * Two-character initials: the first letters of the first two words ("Ada Lovelace" -> "AL"),
 * else the first two characters of the single word ("alice" -> "AL", "张三" -> "张三").
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const chars = words.length >= 2 ? [Array.from(words[0]!)[0], Array.from(words[1]!)[0]] : Array.from(words[0]!).slice(0, 2);
  return chars.join("").toUpperCase();
}

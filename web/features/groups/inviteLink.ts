/** The link a group invitation is accepted from (docs/chat-api.md): `{origin}/group-invite/{inviteCode}`. */
export function groupInviteLink(origin: string, inviteCode: string): string {
  return `${origin.replace(/\/+$/, "")}/group-invite/${encodeURIComponent(inviteCode)}`;
}

/** People paste the bare code, the path or the full link; all name the same code. */
export function extractGroupInviteCode(input: string): string {
  const text = input.trim();
  const match = /\/group-invite\/([^/?#\s]+)/.exec(text);
  try {
    return decodeURIComponent(match?.[1] ?? text);
  } catch {
    return match?.[1] ?? text;
  }
}

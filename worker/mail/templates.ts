import type { MailKind } from "./outbox";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Every value that reaches the HTML body goes through this, names and links alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The variables each kind needs; a missing one is a programming error, caught before anything is stored. */
export const MAIL_VARS: Record<MailKind, readonly string[]> = {
  friend_invite: ["inviterName", "link", "expiresAt"],
  group_invite: ["inviterName", "chatName", "link", "expiresAt"],
};

/** ISO timestamps read as "2026-11-30 14:05 UTC"; anything else is shown as given. */
function formatExpiry(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

interface Copy {
  subject: string;
  lines: string[];
  button: string;
  expiry: string;
  ignore: string;
}

function copyFor(kind: MailKind, locale: "en" | "zh", vars: Record<string, string>): Copy {
  const expires = formatExpiry(vars.expiresAt ?? "");
  if (kind === "friend_invite") {
    return locale === "zh"
      ? {
          subject: `${vars.inviterName} 邀请你成为好友`,
          lines: [`${vars.inviterName} 邀请你成为好友。打开下面的链接即可接受邀请。`],
          button: "接受邀请",
          expiry: `此邀请将于 ${expires} 过期。`,
          ignore: "如果你不认识邀请人，可以忽略这封邮件。",
        }
      : {
          subject: `${vars.inviterName} invited you to be friends`,
          lines: [`${vars.inviterName} invited you to be friends. Open the link below to accept the invitation.`],
          button: "Accept invitation",
          expiry: `This invitation expires on ${expires}.`,
          ignore: "If you do not know the sender, you can ignore this e-mail.",
        };
  }
  return locale === "zh"
    ? {
        subject: `${vars.inviterName} 邀请你加入群聊「${vars.chatName}」`,
        lines: [`${vars.inviterName} 邀请你加入群聊「${vars.chatName}」。打开下面的链接即可加入。`],
        button: "加入群聊",
        expiry: `此邀请将于 ${expires} 过期。`,
        ignore: "如果你不认识邀请人，可以忽略这封邮件。",
      }
    : {
        subject: `${vars.inviterName} invited you to the group "${vars.chatName}"`,
        lines: [`${vars.inviterName} invited you to join the group "${vars.chatName}". Open the link below to join.`],
        button: "Join the group",
        expiry: `This invitation expires on ${expires}.`,
        ignore: "If you do not know the sender, you can ignore this e-mail.",
      };
}

/**
 * Renders one mail. The HTML is built from escaped pieces only: the copy itself contains the
 * (untrusted) names, so the whole sentence is escaped, not just the variables.
 */
export function renderMail(kind: MailKind, locale: "en" | "zh", vars: Record<string, string>): RenderedMail {
  const copy = copyFor(kind, locale, vars);
  const link = vars.link ?? "";
  const text = [...copy.lines, "", link, "", copy.expiry, copy.ignore, ""].join("\n");
  const paragraphs = copy.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
  const html = [
    `<!doctype html>`,
    `<html lang="${locale === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328">`,
    paragraphs,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.button)}</a></p>`,
    `<p style="word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p style="color:#57606a">${escapeHtml(copy.expiry)}<br>${escapeHtml(copy.ignore)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: copy.subject, text, html };
}

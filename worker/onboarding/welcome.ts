import type { Db } from "../db/client";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { notify } from "../notifications";
import { claimWelcome, releaseWelcome } from "./store";

const WELCOME_TEXT = {
  en: (name: string) => ({
    title: "Welcome to TeamChat!",
    content: `Hi ${name}, welcome aboard! Chat with your colleagues and virtual employees, start a coding project from the sidebar, and @mention anyone to get their attention.`,
  }),
  zh: (name: string) => ({
    title: "欢迎使用 TeamChat！",
    content: `${name}，你好，欢迎加入！你可以与同事和虚拟员工聊天，在侧边栏开始一个编程项目，并用 @ 提及任何人来引起注意。`,
  }),
};

/**
 * The welcome system message of a new session (spec 01 §4 "Login"): sent once per user, in the
 * language they use then. The once-only mark is taken before sending, so two tabs or two browsers
 * never both send it; a send that failed gives the mark back for the next session.
 */
export async function sendWelcomeOnce(env: Env, db: Db, user: AuthUser, locale: "en" | "zh"): Promise<boolean> {
  if (!(await claimWelcome(db, user.id))) return false;
  const text = WELCOME_TEXT[locale](user.name);
  const sent = await notify(env, [user.id], { type: "custom", payload: {}, title: text.title, content: text.content });
  if (sent.has(user.id)) return true;
  await releaseWelcome(db, user.id);
  return false;
}

// The import rules of eslint.config.js match import texts, one block per folder depth; a wrong
// depth or pattern would let every import through without a single error. Each case lints one
// import as if it were written in a file at that path, with the real config.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The no-restricted-imports messages ESLint reports for `code` written in `filePath`. */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports" && m.severity === 2).map((m) => m.message);
}

const refused: [string, string, RegExp][] = [
  ["worker/agents/quota.ts", `import { monthKey } from "../api/usage";`, /Only worker\/index\.ts mounts routes/],
  ["worker/plans/usage.ts", `export { tierOf } from "../api/membership";`, /Only worker\/index\.ts mounts routes/],
  ["worker/rooms/chat-room/store.ts", `import { chatsApi } from "../../api/chats";`, /Only worker\/index\.ts mounts routes/],
  ["worker/rooms/chat-room/store.ts", `import { Hono } from "hono";`, /Durable Object does not depend on the HTTP app/],
  ["worker/rooms/user-inbox.ts", `import type { Context } from "hono/tiny";`, /Durable Object does not depend on the HTTP app/],
  ["worker/rooms/chat-room/agent-runs.ts", `import { betterAuth } from "better-auth";`, /Durable Object does not depend on the HTTP app/],
  ["tests/worker/api/vires.test.ts", `import { virtualEmployeesApi } from "../../../worker/api/virtual-employees";`, /Only worker\/index\.ts mounts routes/],
  ["sandbox/app.ts", `import { sandboxesApi } from "../worker/api/sandboxes";`, /Only worker\/index\.ts mounts routes/],
  ["speech/app.ts", `import type { Env } from "../worker/env";`, /The speech service runs in Node/],
  ["speech/app.ts", `import { i18n } from "../web/i18n";`, /The speech service runs in Node/],
  ["worker/api/coding-projects.ts", `import { projectFilesApi } from "./project-files";`, /Only worker\/index\.ts mounts routes/],
  ["web/features/chat/components/MessageList.tsx", `import { ChatHeader } from "../../groups/ChatHeader";`, /A feature does not import another feature/],
  [
    "web/features/workspace/viewer/editor/setup.ts",
    `import { Markdown } from "../../../chat/components/Markdown";`,
    /A feature does not import another feature/,
  ],
  ["web/features/home/index.ts", `export * from "../chat-list/useChatList";`, /A feature does not import another feature/],
  // Features added after the first list: the list is read from web/features, so none is left out.
  ["web/features/mentions/MentionsPanel.tsx", `import { MessageItem } from "../chat/components/MessageItem";`, /A feature does not import another feature/],
  ["web/features/chat/components/ChatRoom.tsx", `import { mentionsCache } from "../../mentions/mentionsCache";`, /A feature does not import another feature/],
  ["web/features/search/SearchDialog.tsx", `import { usePeople } from "../people/usePeople";`, /A feature does not import another feature/],
  ["web/features/people/ContactsView.tsx", `import { BellIcon } from "../notifications/BellIcon";`, /A feature does not import another feature/],
  ["web/features/notifications/SystemChat.tsx", `import { useDevAccess } from "../dev-settings/useDevAccess";`, /A feature does not import another feature/],
  ["web/features/dev-settings/DevSettingsPage.tsx", `import { SearchDialog } from "../search/SearchDialog";`, /A feature does not import another feature/],
  ["web/ui/Button.tsx", `import { MentionsButton } from "../features/mentions/MentionsButton";`, /web\/ui is shared by every feature/],
  ["web/features/chat/model/types.ts", `import type { ChatRow } from "../../../../worker/db/chats";`, /The SPA does not import server code/],
  ["web/app/routes/HomeRoute.tsx", `import type { Env } from "../../../worker/env";`, /The SPA does not import server code/],
  ["web/ui/Button.tsx", `import { useChatList } from "../features/chat-list/useChatList";`, /web\/ui is shared by every feature/],
  ["contract/chat.ts", `import type { Env } from "../worker/env";`, /contract\/ is imported by worker, web and sandbox/],
  ["contract/realtime.ts", `import { i18n } from "../web/i18n";`, /contract\/ is imported by worker, web and sandbox/],
];

const allowed: [string, string][] = [
  ["worker/index.ts", `import { chatsApi } from "./api/chats";`],
  ["worker/api/coding-projects.ts", `import { requireProjectAccess } from "../lib/project-access";`],
  ["worker/rooms/chat-room/store.ts", `import { ApiError } from "../../lib/envelope";`],
  ["worker/chats/create-group.ts", `import { checkLimit } from "../plans/tier";`],
  ["web/app/routes/ChatMain.tsx", `import { ChatRoom } from "../../features/chat/components/ChatRoom";`],
  ["web/features/chat/components/ChatRoom.tsx", `import { control } from "../agent/model/control";`],
  ["web/features/chat/components/ChatRoom.tsx", `import { Button } from "../../../ui/Button";`],
  ["web/features/chat/components/ChatRoom.tsx", `import type { ChatMessage } from "../../../../contract";`],
  ["web/features/groups/ChatHeader.tsx", `import { request } from "../../app/api/client";`],
  ["contract/chat.ts", `import * as v from "valibot";`],
];

describe("import boundaries (eslint.config.js)", () => {
  it.each(refused)("%s: %s is refused", async (filePath, code, reason) => {
    const messages = await refusals(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(reason);
  });

  it.each(allowed)("%s: %s is allowed", async (filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});

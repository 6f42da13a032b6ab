import { describe, expect, it } from "vitest";
import { CODING_TEXTS, type ApprovalRequest } from "../../../../contract";
import { typedAnswer, visibleApproval } from "../../../../web/features/chat/agent/model/approvals";
import { codingText } from "../../../../web/features/chat/agent/model/codingTexts";
import { NO_TODOS, receiveTodoList } from "../../../../web/features/chat/agent/model/todos";
import { formatDuration, parseToolCard } from "../../../../web/features/chat/agent/model/toolCard";
import { en } from "../../../../web/i18n/en";
import { translator } from "./translate";

describe("coding agent texts", () => {
  it("keep the spec's wording verbatim in English", () => {
    expect(en.agent.coding.todo).toMatchObject({
      title: "Todo List",
      inProgress: "Tasks in Progress",
      allComplete: "All Tasks Complete",
      autoHide: "All tasks completed! Auto-hiding in 5 seconds...",
    });
  });

  it("translate every text the room sends, with the values it filled in", () => {
    const zh = translator("zh");
    const english = translator("en");
    for (const text of Object.values(CODING_TEXTS)) {
      expect(codingText(english, text)).toBe(text);
      expect(codingText(zh, text)).not.toBe(text);
    }
    const prompt = "The agent wants to run run_command: npm test -- --watch=false. Allow it?";
    expect(codingText(english, prompt)).toBe(prompt);
    expect(codingText(zh, prompt)).toBe("智能体想要运行 run_command：npm test -- --watch=false。是否允许？");
    expect(codingText(zh, "Something else entirely")).toBe("Something else entirely");
  });

  it("format a tool's duration", () => {
    const t = translator("en");
    expect(formatDuration(850, t)).toBe("850 ms");
    expect(formatDuration(1234, t)).toBe("1.2 s");
    expect(formatDuration(125_000, t)).toBe("2 min 5 s");
    expect(formatDuration(1234, translator("zh"))).toBe("1.2 秒");
  });
});

describe("typed answers to an approval card", () => {
  it("are exactly yes or no in any case, or 是 / 否", () => {
    expect([" Yes ", "YES", "是", "no", "No\n", "否"].map(typedAnswer)).toEqual([true, true, true, false, false, false]);
    expect(["yes please", "y", "nope", "", "是的"].map(typedAnswer)).toEqual([null, null, null, null, null]);
  });
});

describe("the card a viewer sees", () => {
  const request = (messageId: string, timestamp: string, targetUserId: string) => ({ messageId, timestamp, targetUserId }) as ApprovalRequest;
  it("is the oldest open request addressed to them", () => {
    const approvals = {
      b: request("b", "2025-01-01T00:00:02Z", "u1"),
      a: request("a", "2025-01-01T00:00:01Z", "u1"),
      c: request("c", "2025-01-01T00:00:00Z", "u2"),
    };
    expect(visibleApproval(approvals, {}, "u1")?.messageId).toBe("a");
    expect(visibleApproval(approvals, { a: { answered: null, closed: true } }, "u1")?.messageId).toBe("b");
    expect(visibleApproval(approvals, {}, "u3")).toBeNull();
  });
});

describe("a todo list from the room", () => {
  const items = (...done: boolean[]) =>
    done.map((d, i) => ({ id: `t${i}`, description: `Step ${i}`, status: d ? ("completed" as const) : ("pending" as const) }));

  it("that was finished before the chat opened stays hidden; a list finishing while open shows", () => {
    expect(receiveTodoList(NO_TODOS, items(true, true), "v1").hidden).toBe(true);
    const running = receiveTodoList(NO_TODOS, items(true, false), "v1");
    expect(running.hidden).toBe(false);
    expect(receiveTodoList(running, items(true, true), "v2").hidden).toBe(false);
  });
});

describe("tool card details", () => {
  it("are read only when they describe a tool", () => {
    expect(parseToolCard({ tool: "write_file", args: "src/a.ts", status: "done", result: "ok", durationMs: 12, approvalId: null })).toEqual({
      tool: "write_file",
      args: "src/a.ts",
      status: "done",
      result: "ok",
      durationMs: 12,
      approvalId: null,
    });
    expect(parseToolCard({ tool: "write_file", status: "exploded" })).toBeNull();
    expect(parseToolCard({ files: 3 })).toBeNull();
    expect(parseToolCard("run_command")).toBeNull();
  });
});

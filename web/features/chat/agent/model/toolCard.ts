import type { ToolCardDetails } from "../../../../../contract";

const STATUSES: ReadonlySet<string> = new Set<ToolCardDetails["status"]>(["running", "awaiting_approval", "done", "failed", "rejected", "interrupted"]);

const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** A status update's `details` as a tool card, or null when they describe something else. */
export function parseToolCard(details: unknown): ToolCardDetails | null {
  if (!details || typeof details !== "object" || Array.isArray(details)) return null;
  const value = details as Record<string, unknown>;
  if (typeof value.tool !== "string" || !value.tool || typeof value.status !== "string" || !STATUSES.has(value.status)) return null;
  const duration = value.durationMs;
  return {
    tool: value.tool,
    args: typeof value.args === "string" ? value.args : "",
    status: value.status as ToolCardDetails["status"],
    result: stringOrNull(value.result),
    durationMs: typeof duration === "number" && Number.isFinite(duration) && duration >= 0 ? duration : null,
    approvalId: stringOrNull(value.approvalId),
  };
}

/** The tool is still going: the card shows a spinner instead of a result. */
export function isToolPending(status: ToolCardDetails["status"]): boolean {
  return status === "running" || status === "awaiting_approval";
}

type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** '850 ms', '1.2 s', '2 min 5 s'. */
export function formatDuration(ms: number, t: Translate): string {
  if (ms < 1000) return t("agent.coding.tool.duration.ms", { value: Math.round(ms) });
  if (ms < 60_000) return t("agent.coding.tool.duration.seconds", { value: (Math.round(ms / 100) / 10).toFixed(1) });
  const seconds = Math.round(ms / 1000);
  return t("agent.coding.tool.duration.minutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

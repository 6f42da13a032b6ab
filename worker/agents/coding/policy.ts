import type { ApprovalPolicy } from "../../../contract";

/** Commands, deletes and pushes reach beyond the files the team reviews: always asked. */
const ALWAYS_ASK = new Set(["run_command", "delete_file", "git_push"]);
/** File changes and commits: asked under "ask", let through under "auto_edits". */
const EDITS = new Set(["write_file", "edit_file", "git_commit"]);

export function needsApproval(tool: string, policy: ApprovalPolicy): boolean {
  if (ALWAYS_ASK.has(tool)) return true;
  return EDITS.has(tool) && policy === "ask";
}

/** Tools whose success changes the project's files or history (the explorer and git refresh). */
export function changesWorkspace(tool: string): boolean {
  return ALWAYS_ASK.has(tool) || EDITS.has(tool);
}

import type { AgentTool, AgentTools } from "../agent-tools";

/**
 * The coding agent's tools as the model sees them: names, descriptions and input schemas only.
 * They carry no `execute`: the run executes each call itself (workspace-tools.ts), after the
 * approval gate, with a checkpoint before and after, so a restart never runs a call twice.
 */

type Props = Record<string, Record<string, unknown>>;

function spec(description: string, properties: Props, required: string[] = []): AgentTool {
  return { description, inputSchema: { type: "object", properties, required, additionalProperties: false } };
}

const path = { type: "string", description: "A path relative to the project root, e.g. src/app.ts" };

const READ_TOOLS = {
  list_files: spec("List the project's files below a folder (default: the whole project), with sizes.", {
    path: { ...path, description: "Folder; empty for the root" },
  }),
  read_file: spec(
    "Read a text file of the project. Long files: pass start_line and end_line (1-based, inclusive).",
    { path, start_line: { type: "number", description: "First line to read" }, end_line: { type: "number", description: "Last line to read" } },
    ["path"],
  ),
  search_files: spec(
    "Search the project: file names and file contents. Returns matching files and lines.",
    { query: { type: "string", description: "Text to look for" }, regex: { type: "boolean", description: "Treat the query as a regular expression (RE2)" } },
    ["query"],
  ),
  git_status: spec("Show the current branch, changed files and whether a remote exists.", {}),
  git_diff: spec("Show uncommitted changes: of one file, or of the whole project when no path is given.", {
    path: { ...path, description: "One file; empty for all" },
  }),
  update_todos: spec(
    "Publish or update your plan as a todo list every member of the chat sees. Send the whole list each time. Keep at most one item in_progress.",
    {
      items: {
        type: "array",
        description: "The whole list, in order",
        items: {
          type: "object",
          properties: {
            id: { type: "string", description: "Stable id of the item, e.g. 1, 2, 3" },
            description: { type: "string", description: "What the step does" },
            status: { type: "string", enum: ["pending", "in_progress", "completed"], description: "pending, in_progress or completed" },
          },
          required: ["id", "description", "status"],
          additionalProperties: false,
        },
      },
    },
    ["items"],
  ),
};

const WRITE_TOOLS = {
  write_file: spec(
    "Create a file or replace its whole content. Parent folders are created.",
    { path, content: { type: "string", description: "The complete new content" } },
    ["path", "content"],
  ),
  edit_file: spec(
    "Replace exact text in a file. old_text must match the file exactly (whitespace included) and only once, unless replace_all is true.",
    {
      path,
      old_text: { type: "string", description: "The exact text to replace" },
      new_text: { type: "string", description: "The replacement" },
      replace_all: { type: "boolean", description: "Replace every occurrence" },
    },
    ["path", "old_text", "new_text"],
  ),
  delete_file: spec("Delete a file or a folder of the project.", { path }, ["path"]),
  run_command: spec(
    "Run a shell command in the project folder (non-interactive, no input). Output is capped; long runs time out.",
    {
      command: { type: "string", description: "The bash command, e.g. npm test" },
      timeout_seconds: { type: "number", description: "Time limit in seconds (default 120, at most 600)" },
    },
    ["command"],
  ),
  git_commit: spec(
    "Commit every change in the project with a message you write from the diff.",
    { message: { type: "string", description: "The commit message" } },
    ["message"],
  ),
  git_push: spec("Push the current branch to its remote.", {}),
};

export type CodingToolName = keyof typeof READ_TOOLS | keyof typeof WRITE_TOOLS;
export const CODING_TOOL_NAMES = new Set<string>([...Object.keys(READ_TOOLS), ...Object.keys(WRITE_TOOLS)]);

/** Ask mode reads and plans; Coding mode also changes files, runs commands and commits. */
export function codingToolSpecs(mode: "ask" | "coding"): AgentTools {
  return mode === "coding" ? { ...READ_TOOLS, ...WRITE_TOOLS } : { ...READ_TOOLS };
}

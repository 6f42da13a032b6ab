import * as v from "valibot";
import { CreateProjectBody, importedProjectName } from "../../contract";
import type { Env } from "../env";
import { AddressNotAllowed, checkOutboundUrl } from "../lib/outbound";

/** No file:, which would clone the host's own folders (other workspaces) into this one. */
const REPO_SCHEMES = ["http:", "https:", "git:"] as const;

export type CreateProjectInput = v.InferOutput<typeof CreateProjectBody>;

/** `owner/repo.git` → `repo`. */
function repoNameOf(url: string): string {
  const last =
    url
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split(/[/:]/)
      .pop() ?? "";
  return last.replace(/\.git$/i, "");
}

/**
 * Imports name the project after the repository the way spec 03 §5 says (so "my.repo" becomes
 * "my-repo" instead of failing the name rule); created projects keep the typed name.
 */
function withImportName(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const input = raw as Record<string, unknown>;
  if (typeof input.httpRepoUrl !== "string" || input.httpRepoUrl.trim() === "") return raw;
  const given = typeof input.name === "string" && input.name.trim() !== "" ? input.name : repoNameOf(input.httpRepoUrl.trim());
  return { ...input, name: importedProjectName(given, input.isImported === 2) };
}

/** `POST /api/coding-projects`'s body: an import's name is derived first, then the contract's rules apply. */
export const CreateProjectRequest = v.pipe(v.unknown(), v.transform(withImportName), CreateProjectBody);

export type RepoUrlRefused = { ok: false; reason: "invalid_repo_url" | "address_not_allowed" };

/**
 * The URL to clone, and the one to keep (without credentials someone may have put in it). The
 * address is checked here, before the host connects anywhere; the host checks again after DNS.
 */
export function repoUrls(env: Env, raw: string): { ok: true; clone: string; stored: string } | RepoUrlRefused {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "invalid_repo_url" };
  }
  if (!(REPO_SCHEMES as readonly string[]).includes(url.protocol)) return { ok: false, reason: "invalid_repo_url" };
  try {
    checkOutboundUrl(env, url, REPO_SCHEMES);
  } catch (err) {
    if (err instanceof AddressNotAllowed) return { ok: false, reason: "address_not_allowed" };
    throw err;
  }
  const clone = url.toString();
  url.username = "";
  url.password = "";
  return { ok: true, clone, stored: url.toString() };
}

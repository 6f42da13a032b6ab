import * as v from "valibot";
import { PROJECT_TEXTS, ProjectName, type Organization } from "../../../../contract";

/** The i18n keys (under `workspace.create`) of the spec's project name errors (spec 03 §5). */
export type ProjectNameError = "nameRequired" | "nameTooLong" | "nameChars";

const BY_TEXT: Record<string, ProjectNameError> = {
  [PROJECT_TEXTS.nameRequired]: "nameRequired",
  [PROJECT_TEXTS.nameTooLong]: "nameTooLong",
  [PROJECT_TEXTS.nameChars]: "nameChars",
};

/** Checks a name with the server's own schema, so both refuse the same input with the same words. */
export function validateProjectName(name: string): ProjectNameError | null {
  const result = v.safeParse(ProjectName, name);
  if (result.success) return null;
  return BY_TEXT[result.issues[0].message] ?? "nameChars";
}

/**
 * Project creation is locked to the user's organization (spec 01 §6): the one the session is in,
 * which is also the one the server creates the project in. The list supplies its display name.
 */
export function userOrganization(
  organizations: readonly Organization[],
  organizationId: string | null,
  fallbackName: string | null,
): { id: string; displayName: string } | null {
  if (!organizationId) return null;
  const listed = organizations.find((org) => org.id === organizationId);
  return { id: organizationId, displayName: listed?.displayName ?? fallbackName ?? organizationId };
}

export type CreateFailure = "selectOrganization" | "noCodingAgent" | "failed";

/**
 * Which message a failed creation shows (spec 03 §8): a server error about choosing an
 * organization, the missing coding agent, or the generic failure (create or import wording).
 */
export function classifyCreateError(serverMessage: string): CreateFailure {
  if (/coding agent not found/i.test(serverMessage)) return "noCodingAgent";
  if (/select|choose/i.test(serverMessage)) return "selectOrganization";
  return "failed";
}

/** The project search matches project name, chat name and owner names (spec 01 §5). */
export function matchesProject(project: { name: string; chatName: string | null; chatOwnerName: string | null }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [project.name, project.chatName, project.chatOwnerName].some((field) => !!field && field.toLowerCase().includes(needle));
}

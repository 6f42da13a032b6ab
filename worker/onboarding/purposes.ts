import type { OnboardingPurpose, PurposeId } from "../../contract";

interface PurposeTeam extends OnboardingPurpose {
  /** Templates of worker/vires/templates.ts, in the order the plan's limit keeps them. */
  templateIds: string[];
}

const purpose = (id: PurposeId, title: string, description: string, templateIds: string[]): PurposeTeam => ({
  id,
  title,
  description,
  icon: id,
  templateIds,
});

/** What each onboarding purpose sets up: the virtual employees best suited to it, each in its own group chat. */
const PURPOSES: PurposeTeam[] = [
  purpose("writing", "Writing", "Draft, edit and polish articles, documents and copy.", ["mkt-content", "ops-document-assistant", "pd-ux-writer"]),
  purpose("develop", "Development", "Build, review and ship software with a coding agent.", ["eng-fullstack", "eng-reviewer", "eng-devops"]),
  purpose("design", "Design", "Shape products, flows and interfaces.", ["pd-ux-designer", "pd-product-manager", "pd-ux-writer"]),
  purpose("analyze", "Data analysis", "Turn data into answers, reports and experiments.", ["mkt-growth", "ops-document-assistant", "pd-product-manager"]),
  purpose("slides", "Presentations", "Outline and write slide decks and reports.", ["ops-document-assistant", "pd-ux-designer", "mkt-content"]),
  purpose("marketing", "Marketing", "Plan campaigns, content and social media.", ["mkt-content", "mkt-social", "mkt-growth"]),
  purpose("brand", "Branding", "Build a consistent voice and presence for a brand.", ["mkt-social", "mkt-content", "pd-ux-writer"]),
];

const BY_ID = new Map(PURPOSES.map((p) => [p.id, p]));

export function onboardingPurposes(): OnboardingPurpose[] {
  return PURPOSES.map(({ id, title, description, icon }) => ({ id, title, description, icon }));
}

export function purposeTeam(id: PurposeId): PurposeTeam {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`Unknown onboarding purpose ${id}`);
  return found;
}

import * as v from "valibot";
import { Id } from "./organizations";

/**
 * First run (spec 01 §2 "Onboarding and tutorial", §3 "Onboarding", §4 "Tutorial" and "Login", §7):
 * the purposes the onboarding modal offers, its result, the tutorial flag, the welcome message and
 * the default project recorded after registration.
 */

/** The purposes with an icon in the spec; the web words each in the reader's language by id. */
export const PURPOSE_IDS = ["writing", "develop", "design", "analyze", "slides", "marketing", "brand"] as const;
export type PurposeId = (typeof PURPOSE_IDS)[number];

export interface OnboardingPurpose {
  id: PurposeId;
  /** English title and description; the web shows its own translation of the id. */
  title: string;
  description: string;
  /** The lucide icon the web draws: the id itself. */
  icon: PurposeId;
}

export interface OnboardingAnswer {
  needsOnboarding: boolean;
  purposes: OnboardingPurpose[];
}

export const OnboardingBody = v.object({
  purposeId: v.picklist(PURPOSE_IDS, "Please choose what you want to use the product for"),
});

export interface OnboardingVire {
  id: string;
  name: string;
  role: string;
}

export interface OnboardingGroup {
  id: string;
  name: string;
  virtualEmployeeId: string;
}

/** The virtual team one onboarding set up; a repeated POST answers the same result. */
export interface OnboardingResult {
  purposeId: PurposeId;
  purposeTitle: string;
  results: {
    virtualEmployeesCreated: OnboardingVire[];
    groupChatsCreated: OnboardingGroup[];
  };
  /** Items the plan's limits held back (the team is smaller than the purpose's full team). */
  limitedBy: ("virtualEmployees" | "groupChats")[];
  completedAt: string;
}

/** The alert of a failed onboarding (spec 01 §8). */
export const ONBOARDING_FAILED = "Setup failed, please try again";
export const ONBOARDING_IN_PROGRESS = "Setup is already in progress, please wait";
export const ONBOARDING_NOT_NEEDED = "Your workspace is already set up";

/** `hasSeenChatTutorial` (spec 01 §3) lives on the server so it follows the user to every browser. */
export interface TutorialAnswer {
  hasSeenChatTutorial: boolean;
}

export const TutorialBody = v.object({
  hasSeenChatTutorial: v.boolean("hasSeenChatTutorial must be true or false"),
});

/** The five tutorial steps (spec 01 §9). */
export const TUTORIAL_STEPS = 5;

/** A new session after this long without a login (spec 01 §9). */
export const NEW_SESSION_AFTER_MS = 1_800_000;

export const WelcomeBody = v.object({
  locale: v.optional(v.picklist(["en", "zh"], "Invalid locale"), "en"),
});

/** `sent` is true only for the one call that sent the user's welcome message. */
export interface WelcomeAnswer {
  sent: boolean;
}

/** `GET /api/post-registration/update-default-project` (spec 01 §7). */
export interface PendingProjectAnswer {
  hasPendingProject: boolean;
  projectId: string | null;
}

/** A folder of the workspace, relative to it: no absolute path, no `..`, no control characters. */
const DirectoryPath = v.pipe(
  v.string("directoryPath must be a string"),
  v.trim(),
  v.minLength(1, "Invalid directory path"),
  v.maxLength(255, "Invalid directory path"),
  v.regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._\- /]+$/, "Invalid directory path"),
);

export const UpdateDefaultProjectBody = v.object({
  userId: Id,
  projectId: Id,
  directoryPath: DirectoryPath,
});

export interface DefaultProjectAnswer {
  projectId: string;
  directoryPath: string;
}

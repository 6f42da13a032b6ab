import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";
import { codingProject } from "./workspace-schema";

/** What happens once per user on the server (migrations/0010_first_run.sql). */
export const userFirstRun = sqliteTable("user_first_run", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** running while a request sets the team up, done after, failed when it may be tried again. */
  onboardingStatus: text("onboarding_status", { enum: ["running", "done", "failed"] }),
  purposeId: text("purpose_id"),
  /** The OnboardingResult as JSON, answered again to a repeated request. */
  onboardingResult: text("onboarding_result"),
  onboardingStartedAt: integer("onboarding_started_at", { mode: "timestamp_ms" }),
  onboardingCompletedAt: integer("onboarding_completed_at", { mode: "timestamp_ms" }),
  tutorialSeenAt: integer("tutorial_seen_at", { mode: "timestamp_ms" }),
  welcomeSentAt: integer("welcome_sent_at", { mode: "timestamp_ms" }),
  defaultProjectId: text("default_project_id").references(() => codingProject.id, { onDelete: "set null" }),
  defaultProjectDir: text("default_project_dir"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

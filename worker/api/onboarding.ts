import {
  ONBOARDING_FAILED,
  ONBOARDING_IN_PROGRESS,
  ONBOARDING_NOT_NEEDED,
  OnboardingBody,
  WelcomeBody,
  type OnboardingAnswer,
  type OnboardingResult,
  type WelcomeAnswer,
} from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { onboardingPurposes } from "../onboarding/purposes";
import { needsOnboarding, runOnboarding, type OnboardingOutcome } from "../onboarding/setup";
import { skipOnboarding } from "../onboarding/store";
import { sendWelcomeOnce } from "../onboarding/welcome";

function onboardingError(reason: Exclude<OnboardingOutcome, { ok: true }>["reason"]): ApiError {
  switch (reason) {
    case "in_progress":
      return new ApiError(409, ONBOARDING_IN_PROGRESS);
    case "not_needed":
      return new ApiError(409, ONBOARDING_NOT_NEEDED);
    case "failed":
      return new ApiError(500, ONBOARDING_FAILED);
  }
}

/** `/api/onboarding` (spec 01 §7): whether to show the first-run modal, setting up the chosen team, and the welcome message. */
export const onboardingApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const needs = await needsOnboarding(getDb(c.env.DB), c.get("user").id);
    return ok<OnboardingAnswer>(c, { needsOnboarding: needs, purposes: onboardingPurposes() });
  })
  .post("/", json(OnboardingBody), async (c) => {
    const outcome = await runOnboarding(c.env, getDb(c.env.DB), c.get("user"), c.req.valid("json").purposeId);
    if (!outcome.ok) throw onboardingError(outcome.reason);
    return ok<OnboardingResult>(c, outcome.result);
  })
  // 'Skip for now' and closing the modal: it is shown once after sign-up, not at every visit.
  .post("/skip", async (c) => {
    const db = getDb(c.env.DB);
    const userId = c.get("user").id;
    await skipOnboarding(db, userId);
    return ok<Pick<OnboardingAnswer, "needsOnboarding">>(c, { needsOnboarding: await needsOnboarding(db, userId) });
  })
  .post("/welcome", json(WelcomeBody), async (c) => {
    const sent = await sendWelcomeOnce(c.env, getDb(c.env.DB), c.get("user"), c.req.valid("json").locale);
    return ok<WelcomeAnswer>(c, { sent });
  });

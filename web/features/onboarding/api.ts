import type { OnboardingAnswer, OnboardingResult, PurposeId, TutorialAnswer, WelcomeAnswer } from "../../../contract";
import { api } from "../../app/api/client";

export const ONBOARDING_KEY = "/api/onboarding";
export const TUTORIAL_KEY = "/api/tutorial";

// Silent: the modal words its own failure ('Setup failed, please try again'); the rest is background work.
const quiet = { silent: true } as const;

export const onboardingApi = {
  state: () => api.get<OnboardingAnswer>(ONBOARDING_KEY, undefined, quiet),
  setUp: (purposeId: PurposeId) => api.post<OnboardingResult>(ONBOARDING_KEY, { purposeId }, quiet),
  skip: () => api.post<{ needsOnboarding: boolean }>(`${ONBOARDING_KEY}/skip`, {}, quiet),
  welcome: (locale: "en" | "zh") => api.post<WelcomeAnswer>(`${ONBOARDING_KEY}/welcome`, { locale }, quiet),
  tutorial: () => api.get<TutorialAnswer>(TUTORIAL_KEY, undefined, quiet),
  setTutorialSeen: (hasSeenChatTutorial: boolean) => api.put<TutorialAnswer>(TUTORIAL_KEY, { hasSeenChatTutorial }, quiet),
};

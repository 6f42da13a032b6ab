import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { OnboardingPurpose, SessionUser } from "../../../contract";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { useQueryWriter } from "../../app/routes/useQueryWriter";
import { onboardingApi } from "./api";
import { startSession } from "./loginSession";
import { OnboardingModal } from "./OnboardingModal";
import "./onboarding.css";

/** Users whose onboarding state this page already asked for, so remounting the shell does not ask again. */
const checkedUsers = new Set<string>();

/**
 * What the signed-in app does once on arrival (spec 01 §2, §4): the welcome message of a new
 * session, the `friendAdded=true` refresh of the chat list, and the onboarding modal while the
 * server says the user still needs it.
 */
export function FirstRun({ user }: { user: SessionUser }) {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const writeQuery = useQueryWriter();
  const [purposes, setPurposes] = useState<OnboardingPurpose[] | null>(null);
  const friendAdded = params.get("friendAdded") === "true";

  useEffect(() => {
    // The server sends it at most once per user, whatever this browser remembers.
    if (startSession(user.id)) onboardingApi.welcome(i18n.language === "zh" ? "zh" : "en").catch(() => undefined);
  }, [user.id, i18n.language]);

  useEffect(() => {
    if (!friendAdded) return;
    void revalidateChatList();
    writeQuery((query) => query.delete("friendAdded"), { replace: true });
  }, [friendAdded, writeQuery]);

  useEffect(() => {
    if (checkedUsers.has(user.id)) return;
    checkedUsers.add(user.id);
    onboardingApi.state().then(
      (state) => state.needsOnboarding && setPurposes(state.purposes),
      () => checkedUsers.delete(user.id), // asked again on the next arrival
    );
  }, [user.id]);

  if (!purposes) return null;
  return <OnboardingModal purposes={purposes} onDone={() => setPurposes(null)} />;
}

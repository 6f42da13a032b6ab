import { TutorialBody, type TutorialAnswer } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";
import { firstRunOf, setTutorialSeen } from "../onboarding/store";

/** `/api/tutorial`: the `hasSeenChatTutorial` flag (spec 01 §3), kept per user so a new browser does not show the tutorial again. */
export const tutorialApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const row = await firstRunOf(getDb(c.env.DB), c.get("user").id);
    return ok<TutorialAnswer>(c, { hasSeenChatTutorial: Boolean(row?.tutorialSeenAt) });
  })
  .put("/", json(TutorialBody), async (c) => {
    const { hasSeenChatTutorial } = c.req.valid("json");
    await setTutorialSeen(getDb(c.env.DB), c.get("user").id, hasSeenChatTutorial);
    return ok<TutorialAnswer>(c, { hasSeenChatTutorial });
  });

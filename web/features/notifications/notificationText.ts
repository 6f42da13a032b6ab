import type { TFunction } from "i18next";
import type { SystemNotification } from "../../../contract";

/** Title and text in the reader's language; custom notifications carry their own words. */
export function describeNotification(n: SystemNotification, t: TFunction): { title: string; content: string } {
  if (n.type === "custom") return { title: n.title, content: n.content };
  const vars = { actor: n.data.actorName || t("notifications.someone"), chat: n.data.chatName || t("notifications.aGroup") };
  return { title: t(`notifications.types.${n.type}.title`), content: t(`notifications.types.${n.type}.content`, vars) };
}

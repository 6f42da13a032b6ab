import type { TFunction } from "i18next";
import type { NotificationAction, SystemNotification } from "../../../contract";

/** Title and text in the reader's language; custom notifications carry their own words. */
export function describeNotification(n: SystemNotification, t: TFunction): { title: string; content: string } {
  if (n.type === "custom") return { title: n.title, content: n.content };
  const vars = { actor: n.data.actorName || t("notifications.someone"), chat: n.data.chatName || t("notifications.aGroup"), target: n.data.targetName };
  if (n.type === "presenter_request" && n.data.targetName)
    return { title: t(`notifications.types.${n.type}.title`), content: t(`notifications.types.${n.type}.transfer`, vars) };
  return { title: t(`notifications.types.${n.type}.title`), content: t(`notifications.types.${n.type}.content`, vars) };
}

/** A button's label in the reader's language when the server names a known action; else the server's words. */
export function actionLabel(action: Pick<NotificationAction, "id" | "label">, t: TFunction): string {
  return t(`notifications.actions.${action.id}`, { defaultValue: action.label });
}

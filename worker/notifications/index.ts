export { notify, type NotifyInput, type NotificationActionInput } from "./notify";
export { handleAction, listForUser, markNotificationsRead } from "./inbox";

export { notify, type NotifyInput, type NotificationActionInput } from "./notify";
export { handleAction, listForUser, markNotificationsRead } from "./inbox";
export { PresenterNotices, type PresenterNoticeRequest } from "./presenter";

import type { Messages } from "./en";

/** Chinese texts of the mail outbox on the developer settings page. */
export const zhMail: Messages["mail"] = {
  title: "邮件发件箱",
  refresh: "刷新",
  smtpOn: "邮件通过 SMTP 发送。发送失败时会在 1 分钟、5 分钟、30 分钟后重试，之后每 2 小时重试一次，共尝试六次。",
  smtpOff: "尚未配置 SMTP 服务器，邮件不会发出，而是保留在这里。设置 SMTP_HOST 和 MAIL_FROM 后即可发送（见 README 的 Mail 一节）。",
  empty: "还没有邮件",
  loadFailed: "加载邮件发件箱失败",
  listLabel: "邮件（最新的在前）",
  to: "收件人",
  attempts_one: "已尝试 {{count}} 次",
  attempts_other: "已尝试 {{count}} 次",
  error: "最近的错误",
  link: "链接",
  queuedAt: "{{time}} 加入队列",
  sentAt: "{{time}} 已发送",
  nextAttempt: "下次尝试：{{time}}",
  status: {
    pending: "待发送",
    sending: "发送中",
    sent: "已发送",
    failed: "发送失败",
  },
};

import type { Messages } from "./en";

/** Chinese texts of the page views table on the developer settings page. */
export const zhPageViews: Messages["pageViews"] = {
  title: "页面访问",
  intro: "已登录用户每个页面每天（UTC）的访问次数、离开次数和平均可见时长。",
  analyticsEngine: "此部署把页面事件写入 Workers Analytics Engine，请在那里查询。此表只包含本地保存的数据。",
  daysLabel: "时间范围",
  days_one: "最近 {{count}} 天",
  days_other: "最近 {{count}} 天",
  refresh: "刷新",
  empty: "这段时间内没有页面访问",
  loadFailed: "加载页面访问数据失败",
  page: "页面",
  views: "访问",
  leaves: "离开",
  averageTime: "平均时长",
  seconds: "{{s}} 秒",
  minutes: "{{m}} 分 {{s}} 秒",
  none: "–",
};

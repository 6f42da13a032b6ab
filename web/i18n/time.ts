/**
 * Relative-time texts, kept apart from the rest so web/ui/format.ts can read them without loading
 * a whole language (the languages load on demand, see load.ts).
 */
export const enTime = {
  justNow: "Just now",
  minutesAgo_one: "{{count}} minute ago",
  minutesAgo_other: "{{count}} minutes ago",
  hoursAgo_one: "{{count}} hour ago",
  hoursAgo_other: "{{count}} hours ago",
  daysAgo_one: "{{count}} day ago",
  daysAgo_other: "{{count}} days ago",
};

export const zhTime: typeof enTime = {
  justNow: "刚刚",
  minutesAgo_one: "{{count}} 分钟前",
  minutesAgo_other: "{{count}} 分钟前",
  hoursAgo_one: "{{count}} 小时前",
  hoursAgo_other: "{{count}} 小时前",
  daysAgo_one: "{{count}} 天前",
  daysAgo_other: "{{count}} 天前",
};

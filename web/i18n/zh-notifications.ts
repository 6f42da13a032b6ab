import type { Messages } from "./en";

/** Chinese texts of system notifications. */
export const zhNotifications: Messages["notifications"] = {
  open: "系统通知",
  openCount: "系统通知（{{count}} 条未读）",
  title: "通知",
  empty: "暂无通知",
  loadFailed: "无法加载通知",
  markAllRead: "全部标为已读",
  markRead: "标为已读",
  loadMore: "加载更多",
  important: "重要",
  unread: "未读",
  someone: "有人",
  aGroup: "一个群组",
  types: {
    dissolve_group: { title: "群组已解散", content: "{{actor}} 解散了群组 {{chat}}。" },
    remove_from_group: { title: "已被移出群组", content: "{{actor}} 将你移出了群组 {{chat}}。" },
    direct_group_join: { title: "已加入群组", content: "{{actor}} 将你添加到了群组 {{chat}}。" },
    email_group_join_request: { title: "群组邀请", content: "{{actor}} 邀请你加入群组 {{chat}}。" },
    presenter_request: {
      title: "权限请求",
      content: "{{actor}} 请求获得 {{chat}} 中智能体的控制权。",
      transfer: "{{actor}} 想把 {{chat}} 中智能体的控制权转交给 {{target}}。",
    },
    friend_invite_accepted: { title: "好友邀请已接受", content: "{{actor}} 接受了你的好友邀请。" },
  },
  actions: { approve: "批准", reject: "拒绝", accept: "加入" },
  rejectionPrompt: "请输入拒绝原因（可选）：",
  refused: "此操作已被阻止：它没有指向本站的 API。",
  actionFailed: "操作失败",
  status: {
    approved: "已批准",
    rejected: "已拒绝",
    group_invite_accepted: "已接受邀请",
    friend_invite_accepted: "已接受好友邀请",
    completed: "已完成",
  },
  handledBy: "{{name}} {{status}}",
  reason: "原因：{{reason}}",
  arrived: "新通知：{{title}}",
};

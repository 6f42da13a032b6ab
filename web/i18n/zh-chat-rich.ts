import type { enMermaid, enSpacing } from "./en-chat-rich";

/** Chinese texts of diagrams in messages and of the message spacing setting (spec 02 §2.13, §2.15). */
export const zhMermaid: typeof enMermaid = {
  label: "图表",
  waiting: "正在等待图表内容完整...",
  rendering: "正在渲染图表...",
  syntaxError: "图表语法错误，请检查 Mermaid 语法",
  source: "图表源码",
  toolbar: "图表工具栏",
  zoomIn: "放大",
  zoomOut: "缩小",
  reset: "重置缩放",
  scale: "缩放 {{percent}}%",
  fullscreen: "全屏",
  exitFullscreen: "退出全屏",
  savePng: "保存 PNG",
  exportSvg: "导出 SVG",
  savedAsSvg: "无法生成 PNG，已改为保存 SVG",
  saveFailed: "图表保存失败",
};

export const zhSpacing: typeof enSpacing = {
  label: "消息间距",
  compact: "紧凑",
  default: "默认",
  spacious: "宽松",
};

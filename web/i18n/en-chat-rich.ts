/** English texts of diagrams in messages and of the message spacing setting (spec 02 §2.13, §2.15). */
export const enMermaid = {
  label: "Diagram",
  waiting: "Waiting for the diagram to be complete...",
  rendering: "Rendering diagram...",
  syntaxError: "Diagram syntax error, please check Mermaid syntax",
  source: "Diagram source",
  toolbar: "Diagram controls",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  reset: "Reset zoom",
  scale: "Zoom {{percent}}%",
  fullscreen: "Full screen",
  exitFullscreen: "Exit full screen",
  savePng: "Save PNG",
  exportSvg: "Export SVG",
  savedAsSvg: "The PNG could not be made; the diagram was saved as SVG instead",
  saveFailed: "The diagram could not be saved",
};

export const enSpacing = {
  label: "Message spacing",
  compact: "Compact",
  default: "Default",
  spacious: "Spacious",
};

export * from "./envelope";
export * from "./session";
export * from "./organizations";
export * from "./membership";
export * from "./chat";
export * from "./realtime";

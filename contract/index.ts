export * from "./envelope";
export * from "./session";
export * from "./organizations";
export * from "./membership";
export * from "./chat";
export * from "./realtime";
export * from "./vires";
export * from "./agent";

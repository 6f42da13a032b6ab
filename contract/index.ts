export * from "./envelope";
export * from "./session";
export * from "./organizations";
export * from "./membership";

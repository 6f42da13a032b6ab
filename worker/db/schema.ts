// Every D1 table, for drizzle and drizzle-kit.
export * from "./auth-schema";
export * from "./schema-org";
export * from "./chat-schema";
export * from "./knowledge-schema";
export * from "./workspace-schema";
export * from "./people-schema";
export * from "./git-accounts-schema";
export * from "./first-run-schema";
export * from "./analytics-schema";
export * from "./analysis-schema";

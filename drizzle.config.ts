import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration into migrations/ from worker/db/schema.ts.
// Applied migrations are never edited: change the schema and generate another one.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});

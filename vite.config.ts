import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The SPA alone. `npm start` builds it into dist/web and wrangler serves it with the API on one
// origin; `npm run dev:web` serves it with hot reload and proxies /api to a running `wrangler dev`.
export default defineConfig({
  root: "web",
  plugins: [react()],
  build: { outDir: "../dist/web", emptyOutDir: true, sourcemap: true },
  server: { proxy: { "/api": { target: "http://127.0.0.1:8787", ws: true } } },
});

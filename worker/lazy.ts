// Libraries that only some requests need, loaded on their first use as modules of their own.
//
// esbuild bundles a Worker into one script, and even for a module behind a lazy import() it creates
// the module's exports and hoisted functions when the script starts. For the AI SDK with its
// providers and zod, and for pdf.js, that was about 3,300 closures in every isolate of both Workers,
// the rooms' included: heap that each full garbage collection marks while the room's sockets wait.
//
// So scripts/build-lazy-modules.ts builds lazy/*.ts into lazy/*.js, each with its body inside a
// function that runs on first use (workerd compiles every module at start-up), and the Worker
// configs (find_additional_modules, base_dir "worker") upload each as a module beside the bundle,
// imported here by its path in the Worker. In the rooms' isolate at start that halved the objects a
// full collection marks: 13,500 strings, 15,700 code objects and 3,700 closures instead of 29,800,
// 25,800 and 7,200 (heap snapshots, 2026-12-07).
//
// It must be this file, at the module root: wrangler keeps the specifier as written, and workerd
// resolves it against the bundle's name at that root. Where the .js has not been built (a bare
// `wrangler deploy`, tests before any `npm start`), the import resolves to the .ts and esbuild
// bundles the library as before: heavier at start, not broken. tests/tooling/deploy.test.ts checks
// the split.

/** The AI SDK and the provider factories (worker/agents). */
export const loadAgentSdk = () => import("./lazy/agent-sdk.js");

/** pdf.js, for the text of a PDF: knowledge files, attachments an agent reads, file analysis (worker/knowledge/extract.ts). */
export const loadPdfReader = () => import("./lazy/pdf.js");

import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      FAKE_LLM_URL: string;
      FAKE_SMTP_URL: string;
      FAKE_SMTP_PORT: string;
      FAKE_SPEECH_URL: string;
    }
  }
}
export type { WorkerEnv as Env };

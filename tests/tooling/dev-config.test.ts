// The configs `npm start` writes for JOBS_APART (scripts/dev-config.ts): the app without its queue
// consumer, and the consumer as a Worker of its own. A copy that kept a consumer key, or lost any
// other line of wrangler.toml, would run a different app from the one it stands for.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONSUMER_WORKER, asQueueConsumer, withoutQueueConsumers } from "../../scripts/dev-config.ts";

const root = resolve(import.meta.dirname, "../..");
const apiConfig = readFileSync(join(root, "wrangler.toml"), "utf8");

describe("JOBS_APART configs", () => {
  it("takes the queue consumer's table out of the API Worker's config and nothing else", () => {
    const copy = withoutQueueConsumers(apiConfig);
    expect(copy).not.toContain("[[queues.consumers]]");
    expect(copy).not.toMatch(/^max_(batch_size|batch_timeout|retries)\b/m);
    // The table runs from its header to the next comment or table; the rest is kept as it was.
    const at = apiConfig.indexOf("[[queues.consumers]]");
    const next = apiConfig.slice(at).search(/\n(?=#|\[)/);
    expect(copy).toBe(apiConfig.slice(0, at) + apiConfig.slice(at + next + 1));
    for (const table of ["[[queues.producers]]", "[triggers]", "[vars]", "[[durable_objects.bindings]]"]) expect(copy).toContain(table);
  });

  it("names the consumer's Worker apart and keeps its consumer", () => {
    const consumer = asQueueConsumer(apiConfig);
    expect(consumer).toMatch(new RegExp(`^name = "${CONSUMER_WORKER}"$`, "m"));
    expect(consumer).not.toMatch(/^name = "teamchat"$/m);
    expect(consumer).toContain("[[queues.consumers]]");
  });
});

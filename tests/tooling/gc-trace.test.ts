// The benchmark's reading of V8's --trace-gc lines (bench/server-output.ts): a wrong count or pause
// here would put a false figure in the README.
import { describe, expect, it } from "vitest";
import { GcTally } from "../../bench/server-output.ts";

const ROOM = "[19740:0x10e5bfca6000]";
const IDLE = "[19740:0x10e5bf000000]";
const LINES = [
  `${ROOM}     6545 ms: Mark-Compact 34.4 (45.5) -> 24.5 (45.2) MB, pooled: 0.2 MB, 25.26 / 0.00 ms (average mu = 0.996, current mu = 0.996) allocation failure; GC in old space requested`,
  `${IDLE}       53 ms: Scavenge 2.2 (3.2) -> 1.9 (4.0) MB, pooled: 0.0 MB, 2.01 / 0.00 ms (average mu = 1.000, current mu = 1.000) allocation failure; `,
  `${ROOM}     7001 ms: Scavenge 30.1 (46.0) -> 29.0 (46.0) MB, pooled: 0.0 MB, 4.50 / 0.00 ms (average mu = 0.996, current mu = 0.996) allocation failure; `,
  "[wrangler:info] GET /api/chats/chat_bench_100/ws 101 Switching Protocols (11ms)",
  `${ROOM}    14218 ms: Mark-Compact (reduce) 37.3 (49.5) -> 22.0 (46.2) MB, pooled: 3.2 MB, 27.09 / 0.00 ms (average mu = 0.996, current mu = 0.996) memory reducer; GC in old space requested`,
];

describe("the benchmark's GC tally", () => {
  it("reports the isolate that paused longest, with lines split anywhere between chunks", () => {
    const tally = new GcTally();
    const text = LINES.join("\n") + "\n";
    for (let i = 0; i < text.length; i += 37) tally.feed(Buffer.from(text.slice(i, i + 37)));
    expect(tally.summary()).toBe("full collections 2, 52 ms in all, longest 27.1 ms; young 1, 5 ms in all, longest 4.5 ms; 22 MB left after the last full one");
  });

  it("starts afresh after a reset and says when it saw nothing", () => {
    const tally = new GcTally();
    tally.feed(Buffer.from(LINES[0] + "\n"));
    tally.reset();
    expect(tally.summary()).toBe("no collections traced");
    tally.feed(Buffer.from(LINES[1] + "\n"));
    expect(tally.summary()).toBe("full collections 0, 0 ms in all, longest 0.0 ms; young 1, 2 ms in all, longest 2.0 ms");
  });
});

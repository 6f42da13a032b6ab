import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ftsQuery, searchKnowledge } from "../../../worker/knowledge/retrieve";
import { signUp, type TestUser } from "../helpers";
import { addDocument, newBase, newVire } from "./kb-helpers";
import { minimalPdf } from "./pdf-fixture";

const GARDENING = [
  "Tomatoes need at least six hours of direct sunlight every day.",
  "Water the plants deeply twice a week rather than a little every day, so the roots grow down.",
  "",
  "Mulch keeps the soil moist and stops weeds. Prune the suckers that grow between the stem and the branches.",
].join("\n");
const SECURITY = [
  "Rotate the database passwords every ninety days and store them in the secrets manager.",
  "Never commit credentials to the repository; the pre-commit hook scans for keys.",
  "",
  "Production access requires two-factor authentication and an approved change ticket.",
].join("\n");
const ZH = "退款政策：客户在购买后三十天内可以申请全额退款。请把收据发送到财务部门。";

let owner: TestUser;
let vireId: string;
let files: Record<string, string>;

beforeAll(async () => {
  owner = await signUp("Retriever");
  vireId = await newVire(owner, "Librarian");
  const baseId = await newBase(owner, vireId);
  files = {
    garden: (await addDocument(owner, baseId, "gardening.txt", GARDENING)).id,
    security: (await addDocument(owner, baseId, "security-policy.pdf", minimalPdf(SECURITY.split("\n").filter(Boolean)))).id,
    zh: (await addDocument(owner, baseId, "退款.txt", ZH)).id,
  };
});

describe("searchKnowledge", () => {
  it("picks the file about the question's topic", async () => {
    const plants = await searchKnowledge(env.DB, vireId, "How often should I water my tomato plants?");
    expect(plants[0]).toMatchObject({ fileId: files.garden, fileName: "gardening.txt" });
    expect(plants[0]!.text).toContain("twice a week");
    expect(plants.every((h) => h.fileId !== files.security)).toBe(true);

    const secrets = await searchKnowledge(env.DB, vireId, "Where do we keep the database passwords, and how often are they rotated?");
    expect(secrets[0]).toMatchObject({ fileId: files.security, fileName: "security-policy.pdf" });
    expect(secrets[0]!.text).toContain("secrets manager");
    expect(secrets[0]!.score).toBeGreaterThan(0);
  });

  it("matches word forms (porter stemming) and Chinese text", async () => {
    expect((await searchKnowledge(env.DB, vireId, "pruning sucker"))[0]?.fileId).toBe(files.garden);
    expect((await searchKnowledge(env.DB, vireId, "rotating credential"))[0]?.fileId).toBe(files.security);
    const zh = await searchKnowledge(env.DB, vireId, "退款政策是什么？");
    expect(zh[0]).toMatchObject({ fileId: files.zh, fileName: "退款.txt" });
  });

  it("answers nothing for questions without topic words, and never lets the question inject FTS syntax", async () => {
    expect(await searchKnowledge(env.DB, vireId, "what is it?")).toEqual([]);
    expect(await searchKnowledge(env.DB, vireId, "")).toEqual([]);
    for (const hostile of [
      '" OR *',
      "NEAR(water sunlight, 2)",
      "content: water",
      "water AND NOT sunlight)",
      "^water*",
      "'; DROP TABLE knowledge_chunk; --",
      "{search_text}: tomatoes",
    ]) {
      await expect(searchKnowledge(env.DB, vireId, hostile)).resolves.toEqual(expect.any(Array));
    }
    expect((await searchKnowledge(env.DB, vireId, "NEAR(water sunlight, 2)"))[0]?.fileId).toBe(files.garden);
  });

  it("only searches the given VIRE's knowledge, and honours the limit", async () => {
    const otherVire = await newVire(owner, "Other Librarian");
    expect(await searchKnowledge(env.DB, otherVire, "tomatoes sunlight water")).toEqual([]);
    expect(await searchKnowledge(env.DB, vireId, "tomatoes passwords", 1)).toHaveLength(1);
    expect((await searchKnowledge(env.DB, vireId, "tomatoes passwords")).length).toBe(2);
  });

  it("skips files that are not indexed", async () => {
    await env.DB.prepare("UPDATE knowledge_file SET status = 'processing' WHERE id = ?").bind(files.garden).run();
    try {
      expect(await searchKnowledge(env.DB, vireId, "tomatoes")).toEqual([]);
    } finally {
      await env.DB.prepare("UPDATE knowledge_file SET status = 'indexed' WHERE id = ?").bind(files.garden).run();
    }
  });
});

describe("ftsQuery", () => {
  it("quotes topic words, drops stop words and joins them with OR", () => {
    expect(ftsQuery("What is the refund policy for 30 days?")).toBe('"refund" OR "policy" OR "30" OR "days"');
    expect(ftsQuery('He said "AND" OR NOT * near(x)')).toBe('"said" OR "near"');
    expect(ftsQuery("the of and")).toBeNull();
  });

  it("turns Chinese runs into character pairs, without question filler", () => {
    expect(ftsQuery("退款政策是什么")).toBe('"退 款" OR "款 政" OR "政 策"');
    expect(ftsQuery("如何申请退款？")).toBe('"申 请" OR "请 退" OR "退 款"');
  });
});

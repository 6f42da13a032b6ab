import type { KnowledgeHit } from "../../contract";
import { CJK } from "./chunk";

/** Words that carry no topic: matching them would rank every passage about equally. */
const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing " +
    "down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me " +
    "more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the " +
    "their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who " +
    "whom why will with would you your yours yourself yourselves please tell know explain give show find want need much many also get us let " +
    "like one two may might must shall yes ok okay"
  ).split(" "),
);
/** Question words and particles: they break a CJK run instead of forming pairs with their neighbours. */
// A string, not a regex literal (worker/vires/skills.ts says why).
const CJK_STOP = new RegExp("为什么|什么|怎么|如何|是否|哪些|哪个|我们|你们|他们|这个|那个|可以|请问|一下|[的是了吗呢吧啊在和与或及我你他她它]", "g");
const CJK_RUN = new RegExp(`${CJK.source}+`, "g");
const MAX_TERMS = 24;

/** CJK runs become overlapping character pairs: "退款政策" → 退款, 款政, 政策 (no word segmentation needed). */
function cjkTerms(run: string): string[] {
  const pairs: string[] = [];
  for (const part of run.split(CJK_STOP)) {
    const chars = [...part];
    for (let i = 0; i + 1 < chars.length; i++) pairs.push(`${chars[i]} ${chars[i + 1]}`);
  }
  return pairs;
}

/**
 * An FTS5 MATCH expression from a free-text question: its topic words, each quoted, joined by OR,
 * so bm25 ranks passages by how many (and how rare) of them they contain. Only letters and digits
 * ever reach the expression, so quotes, `*`, `NEAR(`, `column:` or `AND` in the question are
 * words or nothing, never syntax. Null when the question has no searchable word.
 */
export function ftsQuery(question: string): string | null {
  const text = question.normalize("NFKC").toLowerCase();
  const terms = new Set<string>();
  for (const run of text.match(CJK_RUN) ?? []) for (const t of cjkTerms(run)) terms.add(t);
  for (const word of text.replace(CJK_RUN, " ").match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    terms.add(word);
  }
  const list = [...terms].slice(0, MAX_TERMS);
  return list.length ? list.map((t) => `"${t}"`).join(" OR ") : null;
}

interface HitRow {
  file_id: string;
  file_name: string;
  text: string;
  bm: number;
}

/**
 * The passages of a VIRE's indexed knowledge files that best answer `question`, best first, with
 * the file each came from. `score` is the negated bm25 rank: higher is better, comparable only
 * within one call. Answers [] for questions without topic words; never throws for user input.
 */
export async function searchKnowledge(db: D1Database, vireId: string, question: string, limit = 4): Promise<KnowledgeHit[]> {
  const match = ftsQuery(question);
  if (!match) return [];
  const n = Math.max(1, Math.min(20, Math.floor(limit) || 4));
  const { results } = await db
    .prepare(
      `SELECT c.file_id, f.name AS file_name, c.text, bm25(knowledge_fts) AS bm
         FROM knowledge_fts
         JOIN knowledge_chunk c ON c.id = knowledge_fts.rowid
         JOIN knowledge_file f ON f.id = c.file_id
        WHERE knowledge_fts MATCH ?1 AND c.vire_id = ?2 AND f.status = 'indexed'
        ORDER BY bm
        LIMIT ?3`,
    )
    .bind(match, vireId, n)
    .all<HitRow>();
  return results.map((r) => ({ fileId: r.file_id, fileName: r.file_name, text: r.text, score: -r.bm }));
}

/**
 * Text as an FTS5 `unicode61` index sees it. Shared by the knowledge index (worker/knowledge/) and
 * the message search shards (worker/search/), so both find Chinese the same way.
 */

/** Han, kana and hangul are written without spaces between words. */
export const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
const CJK_ALL = new RegExp(CJK.source, "g");

/**
 * The text the FTS index sees: CJK characters spaced apart, so unicode61 makes each one a token
 * and a query can match Chinese words as character phrases.
 */
export function searchTextOf(text: string): string {
  return text.replace(CJK_ALL, " $& ");
}

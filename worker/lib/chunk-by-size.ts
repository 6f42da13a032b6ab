/**
 * Items cut, in order, into runs whose sizes add up to at most `max`; an item larger than `max`
 * alone makes a run of its own. Queue jobs, `messages` frames and the search shard's JSON inserts
 * are all kept under their platform limits this way.
 */
export function chunkBySize<T>(items: readonly T[], sizeOf: (item: T) => number, max: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = sizeOf(item);
    if (current.length > 0 && size + itemSize > max) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

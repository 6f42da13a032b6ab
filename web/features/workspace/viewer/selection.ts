// The line span of an editor selection, as a file reference carries it (1-based, inclusive).

export interface LineSpan {
  start: number;
  end: number;
}

/**
 * A selection that ends at the very start of a line (a whole-line selection made by dragging
 * down or with Shift+Down) does not include that line.
 */
export function selectionLines(fromLine: number, toLine: number, toColumn: number): LineSpan {
  const end = toLine > fromLine && toColumn === 0 ? toLine - 1 : toLine;
  return { start: fromLine, end: Math.max(fromLine, end) };
}

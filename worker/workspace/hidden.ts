/**
 * Names the explorer hides unless "show hidden" is on (spec 03 §5): generated or tool folders and
 * every dotfile. The host still lists them; the flag only drives the filter.
 */
export const HIDDEN_NAMES: ReadonlySet<string> = new Set(["node_modules", ".git", "dist", ".next", ".cache", "vendor", "__pycache__", "coverage"]);

export function isHiddenName(name: string): boolean {
  return name.startsWith(".") || HIDDEN_NAMES.has(name);
}

const inFlight = new Set<Promise<unknown>>();

/** Registers a chunk download so lazyLoadsSettled can wait for it. */
export function track<T>(download: Promise<T>): Promise<T> {
  inFlight.add(download);
  const done = () => void inFlight.delete(download);
  download.then(done, done);
  return download;
}

/**
 * Resolves once no lazily loaded part is downloading any more, including parts whose loading
 * started while waiting. Tests wait on it after a click that opens a lazy dialog.
 */
export async function lazyLoadsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

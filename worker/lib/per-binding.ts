/**
 * Memoizes a factory per binding object. Bindings (env, D1) live as long as the isolate, so the
 * expensive wrappers built from them (drizzle, better-auth) are made once, not per request.
 */
export function perBinding<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make(key);
      cache.set(key, value);
    }
    return value;
  };
}

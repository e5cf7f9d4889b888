/**
 * A value built on first use, then kept. For Intl objects: each costs milliseconds of locale
 * data, and many screens import a module for one helper that never needs them (see also
 * domain/format.ts, which avoids Intl on the first screen altogether).
 */
export function lazily<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= create();
    return value;
  };
}

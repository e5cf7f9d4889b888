// A D1 binding with some of its methods wrapped (to count or record what the code under test asks
// of D1); every other member is the binding's own.
type D1Method = "prepare" | "batch" | "withSession";

export function wrapD1(
  d1: D1Database,
  wrap: { [K in D1Method]?: (original: D1Database[K]) => D1Database[K] },
): D1Database {
  return new Proxy(d1, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      const bound = typeof value === "function" ? value.bind(target) : value;
      const wrapper = wrap[prop as D1Method];
      return wrapper ? (wrapper as (original: unknown) => unknown)(bound) : bound;
    },
  });
}

// Counts as the app says them (docs/product.md#spanish-texts): Spanish takes the singular for
// exactly one and the plural for every other count, zero included ('0 plazas', '1 plaza').
// Intl.PluralRules('es') says the same for every count the app shows ('one' for 1, 'other' for
// the rest: its 'many' is for round millions), but building one costs the first screen time
// (domain/format.ts), so the rule is written out here, once, for every count.

/** The form that goes with `n`: `one` for exactly 1, `other` for any other count. */
export function pluralForm(n: number, one: string, other: string): string {
  return n === 1 ? one : other;
}

/** The count and its noun: '1 plaza', '0 plazas', '3 plazas'. */
export function plural(n: number, one: string, other: string): string {
  return `${n} ${pluralForm(n, one, other)}`;
}

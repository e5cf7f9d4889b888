// Chip groups that allow several choices (the ride form, the search filters) add or remove one.

/** The list with `value` removed if it was there, or added at the end if it was not. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

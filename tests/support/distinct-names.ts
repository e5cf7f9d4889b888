// Names for tests and the bench that no other of a run looks like: a number written in letters
// that make no look-alike pair. Group names, which the API also checks for banned words, are the
// time in microseconds, or one more than the last.
// Random letters spell a banned word now and then ('kaputa…', '…fuck…': about 1 name in 1,150),
// which the API refuses as 'Ese nombre no está permitido': the name moves on to the next count
// until the group rules accept it, so a test never fails on the letters it drew.
import { groupNameProblem } from "../../domain/groups.ts";
import { GROUP_MSG } from "../../domain/texts/groups.ts";

// No two of these make a look-alike pair ('vv' reads as 'w', 'rn' as 'm', 'l' as 'i'), and no
// digits (they read as letters): distinct counts give distinct name skeletons.
const LETTERS = "abcdefghjkpqstuxyz";

/** `n` written in LETTERS: distinct numbers give names with distinct skeletons. */
export function inLetters(n: number): string {
  let out = "";
  do {
    out = LETTERS[n % LETTERS.length] + out;
    n = Math.floor(n / LETTERS.length);
  } while (n > 0);
  return out;
}

let last = 0;

/** `${prefix} ${letters}`: unique within this run's processes, and a name the API accepts. */
export function uniqueGroupName(prefix = "Grupeta"): string {
  for (;;) {
    last = Math.max(Date.now() * 1000, last + 1);
    const name = `${prefix} ${inLetters(last)}`;
    const problem = groupNameProblem(name);
    if (problem === null) return name;
    // Only the letters can change: a prefix too long for any name would loop for ever.
    if (problem !== GROUP_MSG.nameBanned) throw new Error(`${name}: ${problem}`);
  }
}

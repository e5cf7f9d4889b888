import type { RidePerson } from "../../domain/api/rides.ts";
import { RIDE_CARD_TEXT as TEXT } from "../../domain/texts/rides-card.ts";
import { Avatar } from "../components/avatar.tsx";

/** Avatars shown before '+N'. */
const SHOWN = 4;

/** 'Has rodado con 2 de las que van'; once the ride has been, '… de las que fueron'. */
export function rodeWithText(count: number, past = false): string {
  return TEXT.rodeWith(count, past);
}

/**
 * The trust signal of docs/product.md#trust-signals-and-honest-levels: how many of the riders going
 * she has ridden with, from her own records only, with their avatars (named for screen readers).
 */
export function RodeWithLine({ people, past }: { people: RidePerson[]; past: boolean }) {
  if (people.length === 0) return null;
  const rest = people.length - SHOWN;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm font-semibold text-success">
      <ul
        className="flex -space-x-2"
        aria-label={TEXT.rodeWithNames(people.map((p) => p.username).join(", "))}
      >
        {people.slice(0, SHOWN).map((p, i) => (
          <li key={p.id ?? i} className="rounded-full ring-2 ring-surface" title={p.username}>
            <Avatar avatarKey={p.avatarKey} avatarUrl={p.avatarUrl} size={28} alt="" />
          </li>
        ))}
        {rest > 0 ? (
          <li
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-primary-soft text-xs font-extrabold text-primary-dark ring-2 ring-surface"
          >
            +{rest}
          </li>
        ) : null}
      </ul>
      <p>{rodeWithText(people.length, past)}</p>
    </div>
  );
}

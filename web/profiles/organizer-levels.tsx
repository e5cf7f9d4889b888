// Honest levels on an organizer's public profile (docs/product.md#trust-signals-and-honest-levels):
// how her rides felt to the riders who answered, per question, once at least 3 answered it.
// Anonymous: totals only, which the API moves only by batches of answers from several riders and
// rides, so that no change is one rider's answer (docs/decisions/0030-honest-levels-in-batches.md).
import type { OrganizerLevels } from "../../domain/api/users.ts";
import { PACE_ANSWER_LABELS, PACE_ANSWERS } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { ORGANIZER_LEVELS_TEXT as TEXT } from "../../domain/texts/profiles-public.ts";

const percent = new Intl.NumberFormat("es-ES", { style: "percent", maximumFractionDigits: 0 });

function Shares({
  question,
  answers,
  rows,
}: {
  question: string;
  answers: number;
  rows: { label: string; count: number }[];
}) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">{question}</h3>
      <ul className="flex flex-col gap-1.5">
        {rows.map(({ label, count }) => {
          const share = count / answers;
          return (
            <li key={label} className="flex flex-col gap-0.5 text-sm">
              <span className="flex justify-between">
                <span>{label}</span>
                <span className="font-bold">{percent.format(share)}</span>
              </span>
              <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-bg">
                <span
                  className="block h-full rounded-full bg-primary"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-ink-soft">{TEXT.answers(answers)}</p>
    </div>
  );
}

export function OrganizerLevelsCard({ levels }: { levels: OrganizerLevels }) {
  if (!levels.pace && !levels.waitedForAll) return null;
  return (
    <section
      className="flex flex-col gap-4 rounded-3xl border border-line bg-surface p-4"
      aria-labelledby="como-son-sus-salidas"
    >
      <div>
        <h2 id="como-son-sus-salidas" className="text-lg font-extrabold">
          {TEXT.title}
        </h2>
        <p className="text-sm text-ink-soft">{TEXT.intro}</p>
      </div>
      {levels.pace ? (
        <Shares
          question={MSG.paceQuestion}
          answers={levels.pace.answers}
          rows={PACE_ANSWERS.map((value) => ({
            label: PACE_ANSWER_LABELS[value],
            count: levels.pace?.counts[value] ?? 0,
          }))}
        />
      ) : null}
      {levels.waitedForAll ? (
        <Shares
          question={MSG.waitedQuestion}
          answers={levels.waitedForAll.answers}
          rows={[
            { label: TEXT.yes, count: levels.waitedForAll.yes },
            { label: TEXT.no, count: levels.waitedForAll.no },
          ]}
        />
      ) : null}
    </section>
  );
}

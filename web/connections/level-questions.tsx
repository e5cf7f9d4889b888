// Honest levels (docs/product.md#trust-signals-and-honest-levels): the post-ride step's two
// optional, anonymous questions, answered once. The API enforces who, when and once; this form only
// asks.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { PACE_ANSWER_LABELS, PACE_ANSWERS, type PaceAnswer } from "../../domain/constants.ts";
import { errorText } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { LEVEL_QUESTIONS_TEXT as TEXT } from "../../domain/texts/connections.ts";
import { Button } from "../components/button.tsx";
import { profileKeys } from "../lib/profile-queries.ts";
import { toast } from "../lib/toast.ts";
import { saveLevelAnswers } from "./queries.ts";

const WAITED_OPTIONS = [
  { value: true, label: TEXT.yes },
  { value: false, label: TEXT.no },
] as const;

function Choice({
  name,
  label,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label
      className={clsx(
        "inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 px-4 text-sm font-bold transition-colors has-[:focus-visible]:outline-[3px] has-[:focus-visible]:outline-accent has-[:focus-visible]:outline-solid",
        checked
          ? "border-primary bg-primary text-white"
          : "border-line bg-surface text-ink hover:border-primary",
      )}
    >
      <input type="radio" name={name} className="sr-only" checked={checked} onChange={onChange} />
      {label}
    </label>
  );
}

export function LevelQuestions({
  rideId,
  onAnswered,
}: {
  rideId: string;
  /** Refetches the card (it then knows she answered). */
  onAnswered: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [pace, setPace] = useState<PaceAnswer | null>(null);
  const [waited, setWaited] = useState<boolean | null>(null);
  const [thanked, setThanked] = useState(false);
  const save = useMutation({
    mutationFn: () => saveLevelAnswers(rideId, { pace, waitedForAll: waited }),
    onSuccess: () => {
      setThanked(true);
      onAnswered();
      // Her profile view of the organizer may now show the totals.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (error) =>
      toast.error(MSG.levelAnswersSaveFailed, {
        description: errorText(error),
      }),
  });

  if (thanked) {
    return (
      <p role="status" className="flex items-center gap-1 text-sm font-semibold text-success">
        <Check aria-hidden="true" size={16} />
        {MSG.levelAnswersSaved}
      </p>
    );
  }
  return (
    <form
      className="flex flex-col gap-3 border-t border-line pt-3"
      aria-label={TEXT.label}
      onSubmit={(event) => {
        event.preventDefault();
        if (pace !== null || waited !== null) save.mutate();
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold">{MSG.paceQuestion}</legend>
        <div className="flex flex-wrap gap-2">
          {PACE_ANSWERS.map((value) => (
            <Choice
              key={value}
              name={`${ids}-pace`}
              label={PACE_ANSWER_LABELS[value]}
              checked={pace === value}
              onChange={() => setPace(value)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-bold">{MSG.waitedQuestion}</legend>
        <div className="flex flex-wrap gap-2">
          {WAITED_OPTIONS.map(({ value, label }) => (
            <Choice
              key={label}
              name={`${ids}-waited`}
              label={label}
              checked={waited === value}
              onChange={() => setWaited(value)}
            />
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-ink-soft">{MSG.levelAnswersAnonymous}</p>
      <Button
        type="submit"
        variant="secondary"
        className="self-start"
        disabled={save.isPending || (pace === null && waited === null)}
      >
        {save.isPending ? TEXT.sending : TEXT.send}
      </Button>
    </form>
  );
}

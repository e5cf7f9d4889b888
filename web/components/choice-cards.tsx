// A question with a few choices, each a card with its hint ('¿Quién puede unirse?', who sees a
// group's ride): native radios in a fieldset, so arrow keys move between them and a screen reader
// hears the question with each choice.
import type { InputHTMLAttributes, ReactNode, Ref } from "react";

export interface Choice<V extends string> {
  value: V;
  label: string;
  hint: string;
}

type RadioProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function ChoiceCards<V extends string>({
  legend,
  choices,
  idPrefix,
  radio,
  children,
}: {
  legend: string;
  choices: readonly Choice<V>[];
  /** With it, a radio is named by its label alone and described by its hint; else by its card. */
  idPrefix?: string;
  /** The radio's own props for `value` (a form library's registration, or checked/onChange). */
  radio: (value: V) => RadioProps;
  /** More under the same question, after the choices (a group's 'Solo verificadas'). */
  children?: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 font-bold">{legend}</legend>
      {choices.map((choice) => {
        const labelId = idPrefix ? `${idPrefix}-${choice.value}-label` : undefined;
        const hintId = idPrefix ? `${idPrefix}-${choice.value}-hint` : undefined;
        return (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-line bg-surface p-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              value={choice.value}
              aria-labelledby={labelId}
              aria-describedby={hintId}
              className="mt-1 h-5 w-5 accent-primary"
              {...radio(choice.value)}
            />
            <span className="flex flex-col">
              <span id={labelId} className="font-semibold">
                {choice.label}
              </span>
              <span id={hintId} className="text-sm text-ink-soft">
                {choice.hint}
              </span>
            </span>
          </label>
        );
      })}
      {children}
    </fieldset>
  );
}

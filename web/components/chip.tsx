import clsx from "clsx";
import type { ButtonHTMLAttributes, ReactNode } from "react";

/** A toggle chip (filters, tags): a button with aria-pressed. */
export function ToggleChip({
  pressed,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pressed: boolean }) {
  return (
    <button
      type="button"
      // A chip inside a radiogroup carries aria-checked instead (aria-pressed is not allowed there).
      aria-pressed={props.role === "radio" ? undefined : pressed}
      className={clsx(
        "min-h-11 rounded-full border-2 px-4 py-1.5 text-sm font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-50",
        pressed
          ? "border-primary bg-primary text-white"
          : "border-line bg-surface text-ink hover:border-primary",
        className,
      )}
      {...props}
    />
  );
}

const tones = {
  neutral: "bg-bg text-ink border-line",
  primary: "bg-primary-soft text-primary-dark border-primary-soft",
  accent: "bg-accent-soft text-ink border-accent-soft",
  road: "bg-[#e3ecf8] text-road border-[#e3ecf8]",
  gravel: "bg-[#f5eadc] text-gravel border-[#f5eadc]",
  btt: "bg-[#e2f0e3] text-btt border-[#e2f0e3]",
  success: "bg-[#e5f3e6] text-[#1b5e20] border-[#e5f3e6]",
  danger: "bg-[#fbe7e7] text-[#b71c1c] border-[#fbe7e7]",
} as const;

/** A static label chip (date, city, level, modality). */
export function Chip({
  tone = "neutral",
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-bold",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

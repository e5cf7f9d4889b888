import clsx from "clsx";
import { type LucideIcon, WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { SHELL_MSG } from "../../domain/texts/app.ts";
import { isNetworkError } from "../lib/api.ts";
import { Button } from "./button.tsx";

/** Grey placeholder block while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={clsx("animate-pulse rounded-2xl bg-line/70", className)} />
  );
}

/** Friendly empty state with the spec's text and an optional action. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed border-line bg-surface px-4 py-8 text-center text-ink-soft">
      {children}
      {action}
    </div>
  );
}

/** Screen title with an optional back control on the left. */
export function PageHeader({ title, back }: { title: ReactNode; back?: ReactNode }) {
  return (
    <header className="mb-4 flex items-center gap-2">
      {back}
      <h1 className="text-2xl font-extrabold leading-tight">{title}</h1>
    </header>
  );
}

/** 'Reintentar' for a load that failed. */
export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <Button variant="secondary" onClick={onRetry}>
      {SHELL_MSG.retry}
    </Button>
  );
}

/**
 * In place of content whose load failed, with 'Reintentar': 'Sin conexión' when the request never
 * reached the server (the query loads again by itself once the browser is back online:
 * web/lib/query-client.ts), else the screen's own text (`children`).
 */
export function LoadFailed({
  error,
  onRetry,
  children,
}: {
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <EmptyState action={<RetryButton onRetry={onRetry} />}>
      {isNetworkError(error) ? (
        <div role="status" className="flex flex-col items-center gap-1">
          <WifiOff aria-hidden="true" size={32} className="text-primary" />
          <p className="font-bold">{SHELL_MSG.offlineTitle}</p>
          <p>{SHELL_MSG.networkError}</p>
        </div>
      ) : (
        children
      )}
    </EmptyState>
  );
}

/** A whole screen that could not be shown (offline, the session check failed), with a retry. */
export function ProblemScreen({
  icon: Icon,
  title,
  text,
  onRetry,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex min-h-[80dvh] flex-col items-center justify-center gap-4 text-center"
    >
      <Icon aria-hidden="true" size={48} className="text-primary" />
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <p className="max-w-xs text-ink-soft">{text}</p>
      <Button onClick={onRetry}>{SHELL_MSG.retry}</Button>
    </div>
  );
}

import { SHELL_TEXT } from "../../domain/texts/app.ts";
// The logo inline (a data: URL, 0.9 KB): the prerendered splash paints it with the shell's first
// frame instead of fetching it behind the app's code (docs/decisions/0057-the-app-shell-paints-first.md).
import logo from "../public/icons/icon.svg?inline";

export function Spinner({ label = SHELL_TEXT.loading }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-ink-soft">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-primary border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

/**
 * What the app shows while a screen's code loads: the logo and a visible 'Cargando...'. The
 * build prerenders this same splash into the /app shell (web/layout/prerendered-shell.tsx), so
 * it paints before any script has run.
 */
export function AppSplash() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4">
      <img src={logo} alt="" width={96} height={96} className="rounded-3xl" />
      <p role="status" className="flex items-center gap-2 font-bold text-ink-soft">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-primary border-t-transparent"
        />
        {SHELL_TEXT.loading}
      </p>
    </div>
  );
}

import { ButtonLink } from "../components/button.tsx";

/** Placeholder for a route whose screen has not landed yet (tracked in the issues). */
export default function ComingSoon() {
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-extrabold">Muy pronto</h1>
      <p className="text-ink-soft">Esta pantalla está en camino.</p>
      <ButtonLink to="/app" variant="secondary">
        Volver al inicio
      </ButtonLink>
    </div>
  );
}

export function Spinner({ label = "Cargando..." }: { label?: string }) {
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

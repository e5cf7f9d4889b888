import { isRouteErrorResponse, useRouteError } from "react-router-dom";

/** The router's error page (spec 01 §8: 'Unexpected Application Error!'). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div role="alert" className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-extrabold">Unexpected Application Error!</h1>
      <p className="mt-2 text-ink-soft">{detail}</p>
      <a className="mt-4 inline-block font-bold text-primary underline" href="/app">
        Volver al inicio
      </a>
    </div>
  );
}

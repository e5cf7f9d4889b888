import { ButtonLink } from "../components/button.tsx";

export default function NotFound() {
  return (
    <div className="flex min-h-[80dvh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-extrabold">Oops! Da media vuelta y vuelve con la grupeta</h1>
      <ButtonLink to="/app">Volver al inicio</ButtonLink>
    </div>
  );
}

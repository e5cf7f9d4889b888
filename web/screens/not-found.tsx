import { MSG } from "../../domain/messages.ts";
import { SHELL_TEXT } from "../../domain/texts/app.ts";
import { ButtonLink } from "../components/button.tsx";

export default function NotFound() {
  return (
    <div className="flex min-h-[80dvh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-extrabold">{MSG.notFoundPage}</h1>
      <ButtonLink to="/app">{SHELL_TEXT.backHome}</ButtonLink>
    </div>
  );
}

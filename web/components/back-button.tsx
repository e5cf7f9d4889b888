import { ArrowLeft } from "lucide-react";
import { useNavigate } from "react-router-dom";
import { COMPONENTS_TEXT } from "../../domain/texts/components.ts";
import { buttonClass } from "./button.tsx";

/**
 * Whether the entry before this one in the tab's history is a page of the app. React Router's
 * BrowserRouter numbers the entries it pushes in history.state.idx, from 0 for the page the app
 * was loaded on; a reload keeps the number.
 */
function cameFromApp(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" && idx > 0;
}

/**
 * 'Volver': back to where she came from in the app (her search with its filters, My Rides on
 * its tab, a chat), or to `fallback` when she arrived here first (a shared link, a push).
 */
export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    if (cameFromApp()) navigate(-1);
    else navigate(fallback);
  };
}

/** The 'Volver' control at the top of a screen (see useBack). */
export function BackButton({ fallback }: { fallback: string }) {
  const back = useBack(fallback);
  return (
    <button type="button" onClick={back} className={buttonClass("ghost", "self-start px-2")}>
      <ArrowLeft aria-hidden="true" size={20} />
      {COMPONENTS_TEXT.back}
    </button>
  );
}

import { MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { CONVERSATION_TOAST_TEXT as TEXT } from "../../domain/texts/app.ts";
import { toast } from "../lib/toast.ts";

/** docs/product.md#unread-messages: auto-dismiss after 8 s with a 300 ms fade. */
export const CONVERSATION_TOAST_MS = 8000;
const FADE_MS = 300;

function ConversationToast(props: {
  toastId: string | number;
  rideTitle: string;
  count: number;
  onOpen: () => void;
}) {
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFading(true), CONVERSATION_TOAST_MS - FADE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex w-[min(92vw,24rem)] items-start gap-3 rounded-2xl border border-line bg-surface p-4 shadow-lg transition-opacity duration-300"
      style={{ opacity: fading ? 0 : 1 }}
    >
      <MessageCircle aria-hidden="true" className="mt-0.5 shrink-0 text-primary" size={22} />
      <div className="min-w-0 flex-1">
        <p className="font-extrabold">{TEXT.title}</p>
        <p className="text-sm font-semibold text-primary">{TEXT.messages(props.count)}</p>
        <p className="text-sm text-ink-soft">{TEXT.inRide(props.rideTitle)}</p>
        <button
          type="button"
          className="mt-2 min-h-11 rounded-full bg-primary px-4 font-bold text-white"
          onClick={() => {
            toast.dismiss(props.toastId);
            props.onOpen();
          }}
        >
          {TEXT.open}
        </button>
      </div>
    </div>
  );
}

/** One toast per ride: a newer message in the same ride replaces it (and restarts the 8 s). */
export function showConversationToast(input: {
  rideId: string;
  rideTitle: string;
  count: number;
  onOpen: () => void;
}) {
  const id = `conversation-${input.rideId}`;
  toast.dismiss(id);
  toast.custom(
    (toastId) => (
      <ConversationToast
        key={`${input.rideId}-${input.count}`}
        toastId={toastId}
        rideTitle={input.rideTitle}
        count={input.count}
        onOpen={input.onOpen}
      />
    ),
    // No `position` of its own: the Toaster's (top-center) is the same place, but sonner stacks
    // toasts with an explicit position apart from the others, and an older toast covered it.
    { id, duration: CONVERSATION_TOAST_MS, unstyled: true },
  );
}

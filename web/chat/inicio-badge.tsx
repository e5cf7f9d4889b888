import { formatBadge } from "../../domain/display.ts";
import { usePendingConnections } from "../connections/pending.ts";
import { useUnreadTotal } from "./unread.ts";

/** Inicio's badge: unread chat messages plus rides waiting for 'He rodado con ella' (spec 02 §2). */
export function InicioBadge() {
  const unread = useUnreadTotal();
  const { pending } = usePendingConnections();
  const text = formatBadge(unread + pending.length);
  if (!text) return null;
  return (
    <span
      data-testid="inicio-badge"
      className="absolute -top-1 left-1/2 ml-2 min-w-5 rounded-full bg-primary px-1.5 text-center text-[0.7rem] font-extrabold leading-5 text-white"
    >
      <span className="sr-only">Mensajes y tareas pendientes: </span>
      {text}
    </span>
  );
}

/** A ride's unread badge (ride card 'Chat' button, chat lists). */
export function UnreadBadge({ count }: { count: number }) {
  const text = formatBadge(count);
  if (!text) return null;
  return (
    <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-extrabold leading-6 text-white">
      <span className="sr-only">Mensajes sin leer: </span>
      {text}
    </span>
  );
}

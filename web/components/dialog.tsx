import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, type RefObject, useRef } from "react";
import { COMPONENTS_TEXT } from "../../domain/texts/components.ts";
import { Button } from "./button.tsx";

/** Where focus goes when the element she opened a dialog from is gone. */
export type ReturnFocus = RefObject<HTMLElement | null>;

/**
 * Accessible modal dialog (focus trap, Escape, labelled title) on Radix. Closing it puts focus
 * back on the element she opened it from (Radix does that only for a Dialog.Trigger, and ours
 * open from state); when that element is gone (a menu dialog's button, a replaced 'UNIRME'),
 * on `returnFocusTo`.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  returnFocusTo?: ReturnFocus | undefined;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-surface p-6 shadow-xl focus:outline-none"
          // Still on the element she opened it from: focus moves into the dialog after this.
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Another dialog took over (the menu's 'Denunciar'): it returns focus when it closes.
            if (document.querySelector('[role="dialog"]')) return;
            const target = [opener.current, returnFocusTo?.current].find((el) => el?.isConnected);
            target?.focus();
          }}
        >
          <RadixDialog.Title className="text-xl font-extrabold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-ink-soft">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog that asks before something that cannot be undone: 'Cancelar' (or Escape) closes it,
 * the danger button confirms. `children` go above the buttons (e.g. a reason field).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  children,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** While the action runs both buttons are disabled and the dialog stays open. */
  busy: boolean;
  onConfirm: () => void;
  children?: ReactNode;
  returnFocusTo?: ReturnFocus | undefined;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      returnFocusTo={returnFocusTo}
    >
      {children}
      <div
        className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${children ? "mt-5" : ""}`}
      >
        <Button variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
          {COMPONENTS_TEXT.cancel}
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** Accessible modal dialog (focus trap, Escape, labelled title) on Radix. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <RadixDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-3xl bg-surface p-6 shadow-xl focus:outline-none">
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

import { screen } from "@testing-library/react";

/**
 * The toast that shows `text`, as sonner marks it: its kind (`success`, `error`, `info`,
 * `loading`; none for a plain toast) and whether it is the one in front (one toast at a time).
 */
export async function toastShowing(text: string) {
  // The first toast of a file loads sonner first: more than findBy's 1 s on a loaded machine.
  const shown = await screen.findByText(text, undefined, { timeout: 3000 });
  const toast = shown.closest<HTMLElement>("[data-sonner-toast]");
  if (!toast) throw new Error(`"${text}" is on screen, but not in a toast`);
  return { type: toast.dataset.type, front: toast.dataset.front === "true" };
}

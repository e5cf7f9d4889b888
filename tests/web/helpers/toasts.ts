import { screen } from "@testing-library/react";

/**
 * The toast that shows `text`, as sonner marks it: its kind (`success`, `error`, `info`,
 * `loading`; none for a plain toast) and whether it is the one in front (one toast at a time).
 */
export async function toastShowing(text: string) {
  const toast = (await screen.findByText(text)).closest<HTMLElement>("[data-sonner-toast]");
  if (!toast) throw new Error(`"${text}" is on screen, but not in a toast`);
  return { type: toast.dataset.type, front: toast.dataset.front === "true" };
}

// The words of web/components' parts, the same on every screen that shows them.

export const COMPONENTS_TEXT = {
  /** The back control at the top of a screen. */
  back: "Volver",
  /** The confirm dialog's way out. */
  cancel: "Cancelar",
} as const;

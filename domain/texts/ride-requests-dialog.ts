// Her request for a place (docs/product.md#join-by-approval): the dialog's own words, loaded with
// it. Its labels and messages are MSG's.

export const REQUEST_DIALOG_TEXT = {
  cancel: "Cancelar",
  sending: "Enviando...",
} as const;

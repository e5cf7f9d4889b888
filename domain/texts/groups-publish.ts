// A ride in a group (docs/product.md#grupos): the ride form's 'Publicar en' and who sees the ride,
// and how a card and the ride's page name its group.

export const GROUP_PUBLISH_TEXT = {
  label: "Publicar en",
  /** Her own ride, in no group. */
  herself: "Mi perfil",
  loading: "Cargando tus grupos…",
  loadFailed: "No hemos podido cargar tus grupos. Vuelve a intentarlo.",
  hint: "Tus grupos aparecen si los lideras o si sus miembros pueden publicar.",
  audience: "¿Quién puede verla?",
  groupOnly: "Solo el grupo",
  groupOnlyHint: "Solo las miembros del grupo la ven, la encuentran y se unen.",
  open: "Abierta",
  openHint: "Todas la ven, con el nombre del grupo y un enlace a él.",
} as const;

/** The group a ride was published in, on its card and its page. */
export const RIDE_GROUP_TEXT = {
  /** 'Salida del grupo Las Madrugadoras', the name a link to the group's page. */
  of: "Salida del grupo",
  onlyMembers: "Solo para las miembros del grupo.",
} as const;

/** The group's page: its next open rides. */
export const GROUP_RIDES_TEXT = {
  title: "Próximas salidas",
  empty: "Este grupo no tiene salidas próximas.",
  loadFailed: "No hemos podido cargar las salidas del grupo.",
} as const;

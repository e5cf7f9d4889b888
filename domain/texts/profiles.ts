// The profile form, on 'Completa tu perfil' and 'Editar perfil' (docs/product.md#profiles). The
// public profile's page has its own module (profiles-public.ts): the form's screens do not load it.

export const PROFILE_FORM_TEXT = {
  username: "Nombre de usuario",
  checking: "Comprobando...",
  available: "¡Nombre disponible!",
  city: "Ciudad",
  cityPlaceholder: "Empieza a escribir tu ciudad",
  modalities: "Modalidades",
  avatar: "Avatar",
  /** A preset avatar's name for a screen reader: 'Avatar 3'. */
  avatarNumber: (n: number) => `Avatar ${n}`,
  moreAvatars: "Ver más opciones",
  fewerAvatars: "Ver menos",
  saving: "Guardando...",
} as const;

export const PROFILE_SETUP_TEXT = {
  title: "Completa tu perfil",
  intro: "Cuéntanos cómo te llamas en la grupeta, dónde ruedas y qué te gusta.",
  save: "Guardar perfil",
} as const;

export const PROFILE_EDIT_TEXT = {
  title: "Editar perfil",
  loading: "Cargando perfil",
  save: "Guardar cambios",
  cancel: "Cancelar",
} as const;

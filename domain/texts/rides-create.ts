// 'Propón una ruta' and 'Edita tu grupeta': the ride form
// (docs/product.md#creating-and-editing-rides). Its errors and toasts are MSG's; the repeat field's
// texts are in series-repeat.ts, the duration field's in ride-day-duration.ts.

export const CREATE_TEXT = {
  title: "Propón una ruta",
  editTitle: "Edita tu grupeta",
  cancel: "Cancelar",
  create: "Crear salida",
  save: "Guardar cambios",
  saving: "Guardando...",
  /** Editing a date of a regular grupeta. */
  scope: "¿Qué fechas cambias?",
} as const;

export const RIDE_FORM_TEXT = {
  title: "Título",
  city: "Ciudad",
  date: "Fecha",
  time: "Hora",
  /** Under the time when her device's clock reads differently from the ride's: 'En hora canaria'. */
  zoneHint: (zoneLabel: string) => `En ${zoneLabel}`,
  level: "Nivel",
  modalities: "Modalidades",
  socialTags: "Etiquetas (opcional, máximo 2)",
  meetingPoint: "Punto de encuentro",
  openInMaps: "Ver en Google Maps",
  distance: "Distancia (km)",
  elevation: "Desnivel (m)",
  maxParticipants: "Máximo de participantes (opcional)",
  description: "Comentarios adicionales (opcional)",
} as const;

/** Ours: '¿Quién puede unirse?' (docs/product.md#join-by-approval). */
export const JOIN_MODE_TEXT = {
  label: "¿Quién puede unirse?",
  open: "Abierta",
  openHint: "Cualquiera puede unirse mientras queden plazas.",
  approval: "Con aprobación",
  approvalHint:
    "Cada una solicita plaza y tú decides. El punto exacto solo lo ven las que aceptes.",
} as const;

/** The GPX file and the meeting pin (docs/product.md#route-and-gpx, #meeting-pin-and-near-me). */
export const ROUTE_FIELDS_TEXT = {
  gpx: "Archivo GPX (opcional)",
  change: "Cambiar",
  changeFile: (name: string) => `Cambiar el archivo ${name}`,
  remove: "Quitar",
  removeFile: (name: string) => `Quitar el archivo ${name}`,
  removed: "La salida se guardará sin ruta.",
  undo: "Deshacer",
  preview: "Vista previa de la ruta",
  pin: "Punto de encuentro en el mapa",
  pinHintPlaced:
    "Arrastra el marcador o toca el mapa donde quedáis. Con el teclado: selecciona el marcador y muévelo con las flechas.",
  pinHintEmpty:
    "Toca el mapa donde quedáis para poner el marcador. Con el teclado: pulsa «Poner el marcador» y muévelo con las flechas.",
  pinLabel: "Marcador de la quedada: arrástralo o muévelo con las flechas",
  /** Where the pin is: 'Marcador en 40,41680, -3,70380'. */
  pinAt: (lat: string, lon: string) => `Marcador en ${lat}, ${lon}`,
  noPin: "Sin marcador: sin él, la salida no aparece en «Cerca de mí».",
  placePin: "Poner el marcador",
  useRouteStart: "Usar la salida de la ruta",
  centreOn: (city: string) => `Centrar en ${city}`,
} as const;

// The maps' words that load with a ride's map (docs/maps.md): the basemap's fallback
// and saving a ride's map for a road without signal.

const MB = 1024 * 1024;

export const OFFLINE_MAP_TEXT = {
  /** Said once over a map whose basemap did not load: the route and pins are still drawn. */
  unavailable: "Mapa no disponible",

  save: "Guardar el mapa para ir sin cobertura",
  /** Before saving: what it will take on her phone, rounded ("Unos 8 MB"). */
  about: (bytes: number) => `Unos ${Math.max(1, Math.round(bytes / MB))} MB`,
  saving: (percent: number) => `Guardando el mapa… ${percent} %`,
  cancel: "Cancelar",
  saved: "Mapa guardado: lo verás sin cobertura hasta que acabe el día de la salida.",
  cancelled: "No se ha guardado el mapa.",
  failed: "No se pudo guardar el mapa. Inténtalo de nuevo con conexión.",
  /** Her own dot in Modo ruta before the group's list names her. */
  you: "Tú",
  /** A group member's last position while she has no connection: "hace 12 min, sin conexión". */
  offlineAge: (age: string) => `${age}, sin conexión`,
};

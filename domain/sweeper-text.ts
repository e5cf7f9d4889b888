// The escoba field's texts, which the API says too (worker/ride-day/sweeper.ts). Apart from
// domain/ride-day-live.ts, whose socket schemas would bring zod into the ride page's first load.
export const SWEEPER_TEXT = {
  label: "Escoba",
  hint: "La participante que cierra el grupo. Su punto y su nombre destacan en el mapa de la grupeta.",
  none: "Sin escoba",
  saved: "Escoba guardada.",
  onlyOrganizer: "Solo la organizadora puede nombrar a la escoba.",
  onlyParticipant: "La escoba tiene que ser una participante de la salida.",
};

// The ride day's tools help the group look after each other; they reach nobody else. Where a
// rider meets them (the ride-day panels, Modo ruta), this says so, with 112 one tap away
// (docs/product.md#ride-day).
import { RIDE_DAY_MSG } from "../../domain/ride-day.ts";

const NUMBER = "112";

export function EmergencyNote({ className = "" }: { className?: string }) {
  const [before, after] = RIDE_DAY_MSG.notEmergency.split(NUMBER);
  return (
    <p className={`text-sm text-ink-soft ${className}`} data-testid="emergency-note">
      {before}
      <a href={`tel:${NUMBER}`} className="font-bold text-danger underline">
        {NUMBER}
      </a>
      {after}
    </p>
  );
}

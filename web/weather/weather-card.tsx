// "El tiempo a la salida" on the ride page (docs/product.md#weather-at-the-start): from 7 days
// before, the forecast at the meeting point for the start hour; a warning when it crosses a
// threshold; and for the organizer, "¿Sigue en pie?" with "Sigue en pie" (a notice in the chat) or
// the cancel dialog (the ride page's own, handed in: it sits above this card's folder). Once she
// has said it, everyone who sees the warning sees her answer. No forecast (too early, the provider
// failed): the card is not there at all, unless her push brought the organizer here; then it
// holds the question alone.
import {
  AlertTriangle,
  Cloud,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  type LucideIcon,
  Sun,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { RideDetail } from "../../domain/api/rides.ts";
import { errorText } from "../../domain/errors.ts";
import { WEATHER_CARD_TEXT } from "../../domain/texts/weather.ts";
import {
  forecastWindowOpen,
  STILL_ON_CHECK_BEFORE_MS,
  WEATHER_TEXTS,
  type WeatherIcon,
  warningSummary,
} from "../../domain/weather.ts";
import { Button } from "../components/button.tsx";
import { toast } from "../lib/toast.ts";
import { useRideWeather, useStillOn } from "./queries.ts";

const ICONS: Record<WeatherIcon, LucideIcon> = {
  sun: Sun,
  "cloud-sun": CloudSun,
  cloud: Cloud,
  fog: CloudFog,
  rain: CloudRain,
  snow: CloudSnow,
  storm: CloudLightning,
};

/** The ride's cancel dialog, drawn by the ride page; the card only opens and closes it. */
export type CancelDialogSlot = (dialog: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

export function WeatherCard({
  ride,
  cancelDialog,
}: {
  ride: RideDetail;
  cancelDialog: CancelDialogSlot;
}) {
  const [params] = useSearchParams();
  const now = Date.now();
  const open = ride.status !== "cancelled" && forecastWindowOpen(ride.startTime, now);
  const weather = useRideWeather(ride.id, open);
  // Her "¿Sigue en pie?" push brought her here (?tiempo=sigue or ?tiempo=cancelar).
  const fromPush = open && ride.viewer.isOrganizer && params.has("tiempo");
  // One render once the answer is in: the question below keeps state (the cancel dialog).
  if (weather.isLoading) return null;
  const forecast = weather.data?.forecast;
  const question = (
    <StillOnQuestion
      ride={ride}
      cancelDialog={cancelDialog}
      due={ride.startTime - now <= STILL_ON_CHECK_BEFORE_MS}
      said={weather.data?.stillOn ?? false}
    />
  );
  if (!open || !forecast || !weather.data) {
    // The push's buttons still answer when the forecast has gone since it was sent (the provider
    // failed this hour): the question alone, so 'Cancelar' still opens the cancel dialog.
    return fromPush ? <WeatherSection>{question}</WeatherSection> : null;
  }
  const warnings = weather.data.warnings;
  const Icon = ICONS[forecast.icon];
  return (
    <WeatherSection>
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" size={36} className="text-primary" />
        <p className="flex flex-col text-sm">
          <span className="text-2xl font-extrabold">
            {WEATHER_TEXTS.temperature(forecast.temperatureC)}
          </span>
          <span>
            {WEATHER_TEXTS.icons[forecast.icon]} · {WEATHER_TEXTS.rain(forecast.rainChancePct)} ·{" "}
            {WEATHER_TEXTS.wind(forecast.windKmh)}
          </span>
        </p>
      </div>
      {warnings.length > 0 ? (
        <p
          role="status"
          className="mt-3 flex items-start gap-2 rounded-2xl bg-[#fbe7e7] p-3 text-sm text-[#b71c1c]"
        >
          <AlertTriangle aria-hidden="true" size={18} className="shrink-0" />
          <span>
            <strong>{WEATHER_TEXTS.warning}</strong>: {warningSummary(warnings)}.
          </span>
        </p>
      ) : null}
      {/* From the push, the question stays even if the forecast has since calmed down. */}
      {ride.viewer.isOrganizer && (warnings.length > 0 || fromPush) ? question : null}
      {!ride.viewer.isOrganizer && warnings.length > 0 && weather.data.stillOn ? (
        <p className="mt-3 text-sm font-bold">{WEATHER_TEXTS.stillOnNotice}</p>
      ) : null}
    </WeatherSection>
  );
}

function WeatherSection({ children }: { children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-line bg-surface p-4" aria-labelledby="tiempo">
      <h2 id="tiempo" className="mb-2 text-lg font-extrabold">
        {WEATHER_TEXTS.title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The organizer's answer: shown from 12 hours before the start, or at once when her "¿Sigue en
 * pie?" push brought her here (?tiempo=sigue; ?tiempo=cancelar opens the cancel dialog).
 */
function StillOnQuestion({
  ride,
  cancelDialog,
  due,
  said,
}: {
  ride: RideDetail;
  cancelDialog: CancelDialogSlot;
  due: boolean;
  said: boolean;
}) {
  const [params] = useSearchParams();
  const asked = params.get("tiempo");
  const [cancelOpen, setCancelOpen] = useState(asked === "cancelar");
  const stillOn = useStillOn();
  if (!due && !asked) return null;

  async function confirm() {
    try {
      await stillOn.mutateAsync(ride.id);
      toast.success(WEATHER_TEXTS.stillOnPosted);
    } catch (error) {
      toast.error(errorText(error, WEATHER_CARD_TEXT.stillOnFailed));
    }
  }

  return (
    <div className="mt-3 flex flex-col gap-2">
      <p className="font-bold">{WEATHER_TEXTS.stillOnQuestion}</p>
      {said ? (
        <p className="text-sm">{WEATHER_TEXTS.stillOnPosted}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={confirm} disabled={stillOn.isPending}>
            {stillOn.isPending ? WEATHER_CARD_TEXT.stillOnPosting : WEATHER_TEXTS.stillOn}
          </Button>
          <Button variant="secondary" onClick={() => setCancelOpen(true)}>
            {WEATHER_TEXTS.cancelInstead}
          </Button>
        </div>
      )}
      {cancelDialog({ open: cancelOpen, onOpenChange: setCancelOpen })}
    </div>
  );
}

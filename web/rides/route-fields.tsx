// The ride form's route fields: the GPX file (the current one by name on edit,
// with 'Cambiar' and 'Quitar') and the meeting pin on a map
// (docs/product.md#meeting-pin-and-near-me), which is the route's start, or where she puts it:
// without either the ride has no pin, never a guessed one
// (docs/decisions/0035-the-meeting-pin-is-placed.md). create.tsx owns the rest of the form.
import { FileUp, LocateFixed, MapPin, Route, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { RideDetail } from "../../domain/api/rides.ts";
import { cityCentre } from "../../domain/city-centres.ts";
import { GPX_MAX_BYTES } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import type { MeetingPin } from "../../domain/schemas.ts";
import { ROUTE_FIELDS_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { Button } from "../components/button.tsx";
import { LazyPinPicker, LazyRouteMap } from "../maps/lazy-route-map.tsx";
import { useRideRoute } from "../ride-core/queries.ts";
import type { RouteExtras } from "../ride-core/ride-form-values.ts";

/** docs/product.md#route-and-gpx: Madrid when there is nothing to centre on. */
const FALLBACK_CENTRE: MeetingPin = { lat: 40.4168, lon: -3.7038 };
/** The form's preview needs a shape, not every recorded point. */
const PREVIEW_MAX_POINTS = 2000;

// One empty list for every render: the pin's map rebuilds when its lines change.
const NO_LINES: [number, number][][] = [];

const toPin = (at: [number, number]): MeetingPin => ({ lat: at[0], lon: at[1] });

/** State of the route fields, shared by GpxField, MeetingPinField and the submit. */
export function useRouteFields(ride: RideDetail | undefined, city: string) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<[number, number][][] | null>(null);
  const [removed, setRemoved] = useState(false);
  const [movedPin, setMovedPin] = useState<MeetingPin | null>(ride?.meetingPin ?? null);
  // On edit, the stored route is drawn under the pin (and its start is the default pin when
  // the ride has none): she is in her own ride, so she may read it.
  const stored = useRideRoute(ride?.id ?? "", Boolean(ride?.hasRoute));
  const storedLine = removed || file ? null : (stored.data?.segments ?? null);
  const routeStart = preview?.[0]?.[0] ?? storedLine?.[0]?.[0] ?? null;
  const centre = cityCentre(city);
  // Her pin, else the route's start; never the city's centre, which is where the map looks.
  const pin = movedPin ?? (routeStart ? toPin(routeStart) : null);
  const view = centre ? toPin(centre) : FALLBACK_CENTRE;
  const currentName = file?.name ?? (removed ? null : (ride?.routeFileName ?? null));
  return {
    file,
    preview,
    currentName,
    routeStart,
    centre,
    pin,
    view,
    /** The lines drawn faintly under the pin. */
    line: preview ?? storedLine ?? NO_LINES,
    choose(next: File, segments: [number, number][][]) {
      setFile(next);
      setPreview(segments);
      setRemoved(false);
    },
    remove() {
      setFile(null);
      setPreview(null);
      setRemoved(Boolean(ride?.routeFileName));
    },
    undoRemove: () => setRemoved(false),
    removed,
    movePin: setMovedPin,
    extras(): RouteExtras {
      return removed && !file ? { meetingPin: pin, removeRoute: true } : { meetingPin: pin };
    },
  };
}

export type RouteFields = ReturnType<typeof useRouteFields>;

/** The GPX file: picked, parsed in the browser to prefill distance and climbing, previewed. */
export function GpxField({
  fields,
  onPrefill,
}: {
  fields: RouteFields;
  onPrefill: (values: { distanceKm: string | null; elevationM: string }) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function onChosen(file: File | undefined) {
    setError(null);
    setNote(null);
    if (!file) return;
    if (file.size > GPX_MAX_BYTES) {
      setError(MSG.payloadTooLarge);
      return;
    }
    try {
      // The parser loads only when a file is picked.
      const { formPrefill, parseGpx } = await import("../../domain/gpx.ts");
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = parseGpx(bytes, { maxPoints: PREVIEW_MAX_POINTS });
      fields.choose(file, result.segments);
      const prefill = formPrefill(result);
      setNote(prefill.note);
      onPrefill(prefill);
    } catch (caught) {
      // parseGpx speaks Spanish; anything else gets the spec's generic text.
      setError(
        caught instanceof Error && caught.name === "GpxError"
          ? caught.message
          : MSG.gpxInvalidFormat,
      );
    } finally {
      // Choosing the same file again after 'Quitar' must fire a change.
      if (input.current) input.current.value = "";
    }
  }

  const describedBy = [error ? `${id}-error` : null, note ? `${id}-note` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-2 rounded-2xl border-2 border-dashed border-line p-3">
      <label htmlFor={id} className="flex items-center gap-2 font-bold">
        <FileUp aria-hidden="true" size={18} />
        {TEXT.gpx}
      </label>
      {fields.currentName ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="gpx-current">
          <Route aria-hidden="true" size={18} className="text-primary" />
          <span className="min-w-0 break-all font-semibold">{fields.currentName}</span>
          <Button
            variant="secondary"
            className="px-3"
            aria-label={TEXT.changeFile(fields.currentName)}
            onClick={() => input.current?.click()}
          >
            {TEXT.change}
          </Button>
          <Button
            variant="ghost"
            className="px-3"
            aria-label={TEXT.removeFile(fields.currentName)}
            onClick={() => {
              fields.remove();
              setNote(null);
              setError(null);
            }}
          >
            <X aria-hidden="true" size={16} />
            {TEXT.remove}
          </Button>
        </div>
      ) : null}
      {fields.removed ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
          {TEXT.removed}
          <Button variant="ghost" className="min-h-9 px-2" onClick={fields.undoRemove}>
            {TEXT.undo}
          </Button>
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept=".gpx,application/gpx+xml"
        className={fields.currentName ? "sr-only" : "min-h-11 text-sm"}
        tabIndex={fields.currentName ? -1 : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChosen(e.target.files?.[0])}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} role="status" className="text-sm font-semibold text-ink">
          {note}
        </p>
      ) : null}
      {fields.preview ? <LazyRouteMap segments={fields.preview} label={TEXT.preview} /> : null}
    </div>
  );
}

const formatCoordinate = (value: number) => value.toFixed(5).replace(".", ",");

/** The meeting pin on a map: tapped into place, dragged, or moved with the arrow keys. */
export function MeetingPinField({ fields, city }: { fields: RouteFields; city: string }) {
  const id = useId();
  const { pin } = fields;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 flex items-center gap-2 font-bold">
        <MapPin aria-hidden="true" size={18} />
        {TEXT.pin}
      </legend>
      <p id={`${id}-hint`} className="text-sm text-ink-soft">
        {pin ? TEXT.pinHintPlaced : TEXT.pinHintEmpty}
      </p>
      <LazyPinPicker
        pin={pin}
        view={fields.view}
        onChange={fields.movePin}
        route={fields.line}
        label={TEXT.pinLabel}
      />
      <p className="text-sm" aria-live="polite" data-testid="meeting-pin-coordinates">
        {pin ? TEXT.pinAt(formatCoordinate(pin.lat), formatCoordinate(pin.lon)) : TEXT.noPin}
      </p>
      <div className="flex flex-wrap gap-2">
        {pin ? null : (
          <Button
            variant="ghost"
            className="px-2 text-sm"
            onClick={() => fields.movePin(fields.view)}
          >
            <MapPin aria-hidden="true" size={16} />
            {TEXT.placePin}
          </Button>
        )}
        {fields.routeStart ? (
          <Button
            variant="ghost"
            className="px-2 text-sm"
            onClick={() => fields.movePin(toPin(fields.routeStart!))}
          >
            <Route aria-hidden="true" size={16} />
            {TEXT.useRouteStart}
          </Button>
        ) : null}
        {pin && fields.centre ? (
          <Button
            variant="ghost"
            className="px-2 text-sm"
            onClick={() => fields.movePin(toPin(fields.centre!))}
          >
            <LocateFixed aria-hidden="true" size={16} />
            {TEXT.centreOn(city)}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

// The ride form's meeting point in words (create.tsx), with a link that looks it up in Google
// Maps in her city; the pin on the map is MeetingPinField (route-fields.tsx).
import { ExternalLink } from "lucide-react";
import { useFormContext } from "react-hook-form";
import { MEETING_POINT_MAX } from "../../domain/constants.ts";
import { MSG } from "../../domain/messages.ts";
import { googleMapsSearchUrl } from "../../domain/share.ts";
import { RIDE_FORM_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { Button, buttonClass } from "../components/button.tsx";
import { TextField } from "../components/field.tsx";
import type { RideFormValues } from "../ride-core/ride-form-values.ts";

export function MeetingPointField() {
  const { register, watch, formState } = useFormContext<RideFormValues>();
  const [meetingPoint, city] = watch(["meetingPoint", "city"]);
  const mapsDisabled = meetingPoint.trim() === "";
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={TEXT.meetingPoint}
        maxLength={MEETING_POINT_MAX}
        hint={MSG.meetingPointHint}
        error={formState.errors.meetingPoint?.message}
        {...register("meetingPoint")}
      />
      {mapsDisabled ? (
        <Button variant="ghost" className="self-start px-2" disabled>
          <ExternalLink aria-hidden="true" size={16} />
          {TEXT.openInMaps}
        </Button>
      ) : (
        <a
          href={googleMapsSearchUrl(meetingPoint, city)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("ghost", "self-start px-2")}
        >
          <ExternalLink aria-hidden="true" size={16} />
          {TEXT.openInMaps}
        </a>
      )}
    </div>
  );
}

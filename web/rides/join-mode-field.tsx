// '¿Quién puede unirse?' on the ride form (docs/product.md#join-by-approval): 'Abierta' (the
// default) or 'Con aprobación'.
import { useFormContext } from "react-hook-form";
import { JOIN_MODE_TEXT as TEXT } from "../../domain/texts/rides-create.ts";
import { ChoiceCards } from "../components/choice-cards.tsx";
import type { RideFormValues } from "../ride-core/ride-form-values.ts";

const CHOICES = [
  { value: "open", label: TEXT.open, hint: TEXT.openHint },
  { value: "approval", label: TEXT.approval, hint: TEXT.approvalHint },
] as const;

export function JoinModeField() {
  const { register } = useFormContext<RideFormValues>();
  return <ChoiceCards legend={TEXT.label} choices={CHOICES} radio={() => register("joinMode")} />;
}

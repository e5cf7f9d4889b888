// The search's order (docs/product.md#meeting-pin-and-near-me): 'Por fecha' or 'Cerca de mí', and
// where the distances are measured from.
import { LocateFixed } from "lucide-react";
import { SEARCH_TEXT, NEAR_ORDER_TEXT as TEXT } from "../../domain/texts/rides-search.ts";
import { ToggleChip } from "../components/chip.tsx";
import type { NearState } from "./use-near-position.ts";

/** In the address: `orden=cerca`. Her position itself never goes there. */
export const NEAR_ORDER_PARAM = "orden";
export const NEAR_ORDER_VALUE = "cerca";

export function NearOrderChoice({
  nearOrder,
  near,
  onChange,
}: {
  nearOrder: boolean;
  near: NearState;
  onChange: (order: "near" | "date") => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div role="radiogroup" aria-label={SEARCH_TEXT.order} className="flex flex-wrap gap-2">
        <ToggleChip
          role="radio"
          aria-checked={!nearOrder}
          pressed={!nearOrder}
          onClick={() => onChange("date")}
        >
          {TEXT.date}
        </ToggleChip>
        <ToggleChip
          role="radio"
          aria-checked={nearOrder}
          pressed={nearOrder}
          onClick={() => onChange("near")}
          className="inline-flex items-center gap-1.5"
        >
          <LocateFixed aria-hidden="true" size={16} />
          {TEXT.near}
        </ToggleChip>
      </div>
      {nearOrder ? (
        <p role="status" className="text-sm text-ink-soft">
          {near.status === "locating"
            ? TEXT.locating
            : near.status === "ready"
              ? near.origin.from === "device"
                ? TEXT.fromPosition
                : TEXT.fromCity(near.origin.city)
              : null}
        </p>
      ) : null}
    </div>
  );
}

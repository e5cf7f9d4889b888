// 'Denunciar esta salida' on a ride's page (docs/product.md#reports-and-moderation), for anyone but
// its organizer.
import { Flag } from "lucide-react";
import { useState } from "react";
import { SAFETY_TEXT as TEXT } from "../../domain/texts/safety.ts";
import { Button } from "../components/button.tsx";
import { ReportDialog } from "./report-dialog.tsx";

export function ReportRideButton({ rideId }: { rideId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex justify-center">
      <Button variant="ghost" className="text-ink-soft" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" size={18} />
        {TEXT.reportRide}
      </Button>
      <ReportDialog
        open={open}
        onOpenChange={setOpen}
        kind="ride"
        targetId={rideId}
        title={TEXT.reportRide}
      />
    </div>
  );
}

import { useNavigate } from "react-router-dom";
import { Button } from "../components/button.tsx";
import { Dialog } from "../components/dialog.tsx";

/** '¡Apuntada!' after joining, with the spec's three ways on (spec 02 §2). */
export function JoinDialog({
  rideId,
  open,
  onOpenChange,
}: {
  rideId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onOpenChange(false);
    navigate(path);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="¡Apuntada!"
      description="Contamos contigo para esta salida"
    >
      <div className="flex flex-col gap-2">
        <Button onClick={() => go(`/app/ride/${rideId}`)}>Ruta completa</Button>
        <Button variant="secondary" onClick={() => go(`/app/chat/${rideId}`)}>
          Chat
        </Button>
        <Button variant="ghost" onClick={() => go(`/app/ride/${rideId}`)}>
          Info adicional
        </Button>
      </div>
    </Dialog>
  );
}

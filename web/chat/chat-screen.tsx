// /app/chat/:id and /app/ride/:id/chat: the ride's chat for a participant, or what an
// outsider may see of it.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router-dom";
import { isRideId } from "../../domain/api/chat.ts";
import { ApiError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { RetryButton, Skeleton } from "../components/feedback.tsx";
import { useRedirectWhileHere } from "../lib/screen-address.ts";
import { toast } from "../lib/toast.ts";
import { OutsiderChat } from "./outsider-chat.tsx";
import { ParticipantChat } from "./participant-chat.tsx";
import { chatInfoQuery } from "./queries.ts";

export default function ChatScreen() {
  const { id } = useParams();
  // To the feed when there is no chat to show, unless she has already gone elsewhere.
  const toFeed = useRedirectWhileHere();
  const valid = isRideId(id);

  useEffect(() => {
    if (!valid) {
      toast.error(MSG.invalidRideId, { id: "invalid-ride-id" });
      toFeed("/app/feed");
    }
  }, [valid, toFeed]);

  const info = useQuery({ ...chatInfoQuery(id ?? ""), enabled: valid });

  useEffect(() => {
    const error = info.error;
    if (!(error instanceof ApiError)) return;
    if (error.status === 404) {
      toast.error(MSG.rideGone, { id: "ride-gone" });
      toFeed("/app/feed");
    } else if (error.status === 400) {
      toast.error(MSG.invalidRideId, { id: "invalid-ride-id" });
      toFeed("/app/feed");
    }
  }, [info.error, toFeed]);

  if (!valid || !id) return null;
  if (info.isPending) return <ChatSkeleton />;
  if (info.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="font-semibold">{MSG.rideInfoLoadFailed}</p>
        <RetryButton onRetry={() => info.refetch()} />
      </div>
    );
  }
  return info.data.isParticipant ? (
    <ParticipantChat rideId={id} info={info.data} infoUpdatedAt={info.dataUpdatedAt} />
  ) : (
    <OutsiderChat rideId={id} info={info.data} />
  );
}

function ChatSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-12 w-2/3" />
    </div>
  );
}

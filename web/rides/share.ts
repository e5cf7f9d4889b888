import { cityTimeZone } from "../../domain/cities.ts";
import { MSG } from "../../domain/messages.ts";
import { ridePreviewPath, shareText } from "../../domain/share.ts";

/**
 * Web Share API when the device has it, else the clipboard. Returns what happened so the
 * caller can toast; a dismissed share sheet is not a failure.
 */
export async function shareOrCopy(data: {
  title: string;
  text: string;
  url: string;
}): Promise<"shared" | "copied" | "dismissed" | "failed"> {
  try {
    if (typeof navigator.share === "function") {
      await navigator.share(data);
      return "shared";
    }
    await navigator.clipboard.writeText(`${data.text} ${data.url}`);
    return "copied";
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return "dismissed";
    // docs/product.md#ride-card: share and copy failures are only logged.
    console.warn("share failed", error);
    return "failed";
  }
}

export function rideShareData(ride: {
  id: string;
  title: string;
  startTime: number;
  city: string;
}) {
  return {
    title: ride.title,
    // On the ride's clock: whoever reads it meets there.
    text: shareText(ride, cityTimeZone(ride.city)),
    url: `${location.origin}${ridePreviewPath(ride.id)}`,
  };
}

export const SHARE_COPIED = MSG.rideLinkCopied;

// The ride day's share of the chat socket (docs/product.md#ride-day): the chat hands it the
// ride-day frames and tells it when the socket (re)opened; the ride-day panel, loaded lazily,
// listens and sends through it. No dependencies: it ships with the chat screen.
import type { ClientMessage, ServerMessage } from "../../domain/chat-protocol.ts";

export type RideDayFrame = Extract<
  ServerMessage,
  {
    type:
      | "live-state"
      | "live-position"
      | "live-gone"
      | "live-sweeper"
      | "left-behind"
      | "left-behind-sent"
      | "live-refused";
  }
>;

const RIDE_DAY_FRAMES = new Set<string>([
  "live-state",
  "live-position",
  "live-gone",
  "live-sweeper",
  "left-behind",
  "left-behind-sent",
  "live-refused",
]);

export function isRideDayFrame(frame: ServerMessage): frame is RideDayFrame {
  return RIDE_DAY_FRAMES.has(frame.type);
}

export class LiveChannel {
  private readonly frameListeners = new Set<(frame: RideDayFrame) => void>();
  private readonly openListeners = new Set<() => void>();
  /** The chat socket's send; false while it is not open. */
  sendFrame: (frame: ClientMessage) => boolean = () => false;

  deliver = (frame: RideDayFrame) => {
    for (const listener of this.frameListeners) listener(frame);
  };

  opened = () => {
    for (const listener of this.openListeners) listener();
  };

  /** A rider joined or left the ride: the group is asked for again, as after a reconnect. */
  groupChanged = () => this.opened();

  /**
   * Listens to ride-day frames and to every moment the group must be asked for (the socket
   * (re)opened, a rider joined or left); returns the unsubscribe.
   */
  listen(onFrame: (frame: RideDayFrame) => void, onOpen: () => void): () => void {
    this.frameListeners.add(onFrame);
    this.openListeners.add(onOpen);
    return () => {
      this.frameListeners.delete(onFrame);
      this.openListeners.delete(onOpen);
    };
  }
}

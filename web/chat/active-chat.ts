// Which chat is on screen: the live toast stays quiet for the conversation she is reading.
let activeRideId: string | null = null;

export function setActiveChat(rideId: string | null) {
  activeRideId = rideId;
}

export function isChatOnScreen(rideId: string): boolean {
  return activeRideId === rideId && document.visibilityState === "visible";
}

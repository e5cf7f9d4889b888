import { useEffect } from "react";
import { Outlet } from "react-router-dom";
import { ReferralClaimer } from "../auth/referral.ts";
import { NotificationsProvider } from "../chat/notifications.tsx";
import { signalAppReady } from "../pwa/app-ready.ts";
import { OfflineGate } from "../pwa/offline-gate.tsx";
import { useMe } from "../session/use-me.ts";
import { AppFrame, AppMain } from "./app-frame.tsx";
import { BottomNav } from "./bottom-nav.tsx";
import { RouteAnnouncer } from "./route-announcer.tsx";

/** Every /app screen: a centred mobile column, and the bottom navigation when signed in. */
export function AppLayout() {
  const me = useMe();
  const user = me.data?.user;
  const showNav = Boolean(user?.profileComplete);
  // The router renders the layout once the first screen's code is in: the screen is on display.
  useEffect(signalAppReady, []);
  return (
    <AppFrame>
      <ReferralClaimer />
      <NotificationsProvider />
      <AppMain showNav={showNav}>
        <OfflineGate>
          <Outlet />
        </OfflineGate>
      </AppMain>
      {showNav && user?.username ? (
        <BottomNav username={user.username} avatarKey={user.avatarKey} avatarUrl={user.avatarUrl} />
      ) : null}
      <RouteAnnouncer />
    </AppFrame>
  );
}

import clsx from "clsx";
import { Bike, Home, PlusCircle, Search } from "lucide-react";
import { useEffect } from "react";
import { NavLink, Outlet } from "react-router-dom";
import { formatBadge } from "../../domain/display.ts";
import { NAV_TEXT } from "../../domain/texts/app.ts";
import { ReferralClaimer } from "../auth/referral.ts";
import { NotificationsProvider } from "../chat/notifications.tsx";
import { Avatar } from "../components/avatar.tsx";
import { signalAppReady } from "../pwa/app-ready.ts";
import { OfflineGate } from "../pwa/offline-gate.tsx";
import { useMe } from "../session/use-me.ts";
import { RouteAnnouncer } from "./route-announcer.tsx";
import { useNavBadge } from "./use-nav-badge.ts";

/** Every /app screen: a centred mobile column, and the bottom navigation when signed in. */
export function AppLayout() {
  const me = useMe();
  const user = me.data?.user;
  const showNav = Boolean(user?.profileComplete);
  // The router renders the layout once the first screen's code is in: the screen is on display.
  useEffect(signalAppReady, []);
  return (
    <div className="mx-auto flex min-h-dvh max-w-xl flex-col bg-bg">
      <ReferralClaimer />
      <NotificationsProvider />
      <main id="main" className={clsx("flex-1 px-4 pt-4", showNav ? "pb-24" : "pb-8")}>
        <OfflineGate>
          <Outlet />
        </OfflineGate>
      </main>
      {showNav && user?.username ? (
        <BottomNav username={user.username} avatarKey={user.avatarKey} avatarUrl={user.avatarUrl} />
      ) : null}
      <RouteAnnouncer />
    </div>
  );
}

function BottomNav(props: { username: string; avatarKey: string; avatarUrl: string | null }) {
  const badgeCount = useNavBadge();
  const badge = formatBadge(badgeCount);
  const item = ({ isActive }: { isActive: boolean }) =>
    clsx(
      "flex min-h-14 min-w-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold",
      isActive ? "text-primary" : "text-ink-soft",
    );
  return (
    <nav
      aria-label={NAV_TEXT.label}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)]"
    >
      <div className="mx-auto flex max-w-xl">
        <NavLink to="/app/feed" className={item}>
          <span className="relative">
            <Home aria-hidden="true" size={22} />
            {badge ? (
              <span
                data-testid="nav-badge"
                className="absolute -right-3 -top-2 min-w-5 rounded-full bg-accent px-1 text-center text-[11px] font-extrabold leading-5 text-ink"
              >
                {badge}
                <span className="sr-only"> {NAV_TEXT.news(badgeCount)}</span>
              </span>
            ) : null}
          </span>
          {NAV_TEXT.home}
        </NavLink>
        <NavLink to="/app/search" className={item}>
          <Search aria-hidden="true" size={22} />
          {NAV_TEXT.search}
        </NavLink>
        <NavLink to="/app/create" className={item}>
          <PlusCircle aria-hidden="true" size={22} />
          {NAV_TEXT.create}
        </NavLink>
        <NavLink to="/app/my-rides" className={item}>
          <Bike aria-hidden="true" size={22} />
          {NAV_TEXT.myRides}
        </NavLink>
        <NavLink to={`/app/profile/${encodeURIComponent(props.username)}`} className={item}>
          <Avatar avatarKey={props.avatarKey} avatarUrl={props.avatarUrl} size={26} alt="" />
          {NAV_TEXT.profile}
        </NavLink>
      </div>
    </nav>
  );
}

import clsx from "clsx";
import { Bike, Home, PlusCircle, Search } from "lucide-react";
import { NavLink } from "react-router-dom";
import { formatBadge } from "../../domain/display.ts";
import { NAV_TEXT } from "../../domain/texts/app.ts";
import { Avatar } from "../components/avatar.tsx";
import { useNavBadge } from "./use-nav-badge.ts";

interface NavProps {
  username: string;
  avatarKey: string | null;
  avatarUrl: string | null;
}

/** The bottom navigation of a rider with a profile, its badge kept live. */
export function BottomNav(props: NavProps) {
  return <NavBar {...props} badgeCount={useNavBadge()} />;
}

/**
 * The navigation as drawn, from its props alone: the build prerenders it into the shell
 * (web/layout/prerendered-shell.tsx), so it paints before the app's code arrives.
 */
export function NavBar(props: NavProps & { badgeCount: number }) {
  const badge = formatBadge(props.badgeCount);
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
                <span className="sr-only"> {NAV_TEXT.news(props.badgeCount)}</span>
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

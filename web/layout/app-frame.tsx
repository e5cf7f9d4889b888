import clsx from "clsx";
import type { ReactNode } from "react";

/** The centred mobile column every /app screen sits in (also prerendered into the shell). */
export function AppFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex min-h-dvh max-w-xl flex-col bg-bg">{children}</div>;
}

/** The screen's area; with the navigation, room for it at the bottom. */
export function AppMain({ showNav, children }: { showNav: boolean; children: ReactNode }) {
  return (
    <main id="main" className={clsx("flex-1 px-4 pt-4", showNav ? "pb-24" : "pb-8")}>
      {children}
    </main>
  );
}

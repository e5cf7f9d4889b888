import { type ComponentType, lazy, type ReactNode, useState } from "react";
import { matchRoutes, Navigate, type RouteObject, useRoutes } from "react-router-dom";
import { RequireAuth, RequireProfile } from "./auth/guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";

// Every /app route (docs/product.md#route-guards). Screens load lazily so the first screen ships
// only its own code; guards follow docs/product.md#route-guards.
//
// Declarative routes (useRoutes), not a data router: the app has no loaders or actions, and
// the data router cost 30 KB of code and a 40-50 ms task at start-up on this machine (ADR 0014).
// Navigations run as transitions (BrowserRouter), so the current screen stays on display while
// the next one's code loads, as it did with the data router's lazy routes.
type Guard = "none" | "auth" | "profile";
type ScreenModule = { default: () => ReactNode };

/** A screen's code: loaded once per app, rendered at once when it is already in. */
interface ScreenCode {
  load: () => Promise<ScreenModule>;
  loaded?: ScreenModule;
  Lazy: ComponentType;
}

function screenCode(load: () => Promise<ScreenModule>): ScreenCode {
  let loading: Promise<ScreenModule> | undefined;
  const code: ScreenCode = {
    // A failed load (a chunk gone after a deploy) is tried again next time.
    load: () =>
      (loading ??= load().then(
        (module) => (code.loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    Lazy: lazy(() => code.load()),
  };
  return code;
}

/**
 * Code already in (the first screen, loaded before the first render, or a screen seen before)
 * renders at once; otherwise React waits for it. Chosen once per mount, so a screen never
 * swaps component types (and loses its state) under her.
 */
function Screen({ code }: { code: ScreenCode }) {
  const [Component] = useState<ComponentType>(() => code.loaded?.default ?? code.Lazy);
  return <Component />;
}

function screen(path: string, load: () => Promise<ScreenModule>, guard: Guard) {
  const code = screenCode(load);
  // Keyed by route: every screen renders through the same `Screen` component, and without a
  // key React would keep the previous route's instance (and its component) on navigation.
  const element =
    guard === "profile" ? (
      <RequireProfile key={path}>
        <Screen code={code} />
      </RequireProfile>
    ) : guard === "auth" ? (
      <RequireAuth key={path}>
        <Screen code={code} />
      </RequireAuth>
    ) : (
      <Screen key={path} code={code} />
    );
  return { path, element, handle: code } satisfies RouteObject;
}

export const appRoutes: RouteObject[] = [
  {
    path: "/app",
    element: <AppLayout />,
    children: [
      screen("", () => import("./screens/welcome.tsx"), "none"),
      screen("signup", () => import("./auth/signup.tsx"), "none"),
      screen("login", () => import("./auth/login.tsx"), "none"),
      screen("logout", () => import("./auth/logout.tsx"), "none"),
      screen("offline", () => import("./screens/offline.tsx"), "none"),
      screen("blog", () => import("./info/blog-list.tsx"), "none"),
      screen("blog/:slug", () => import("./info/blog-article.tsx"), "none"),
      screen("faqs", () => import("./info/faqs.tsx"), "none"),
      screen("contacto", () => import("./info/contact.tsx"), "none"),
      screen("profile-setup", () => import("./profiles/profile-setup.tsx"), "auth"),
      screen("profile/edit", () => import("./profiles/profile-edit.tsx"), "profile"),
      screen("profile/:username", () => import("./profiles/public-profile.tsx"), "profile"),
      screen("feed", () => import("./rides/feed.tsx"), "profile"),
      screen("search", () => import("./search/search.tsx"), "profile"),
      screen("create", () => import("./rides/create.tsx"), "profile"),
      screen("ride/:id", () => import("./rides/ride-detail.tsx"), "profile"),
      screen("ride/:id/chat", () => import("./chat/chat-screen.tsx"), "profile"),
      screen("chat/:id", () => import("./chat/chat-screen.tsx"), "profile"),
      screen("grupos/nuevo", () => import("./groups/create-group.tsx"), "profile"),
      screen("grupo/:slug", () => import("./groups/group-page.tsx"), "profile"),
      screen("grupo/:slug/charla", () => import("./groups/group-chat.tsx"), "profile"),
      screen("my-rides", () => import("./my-rides/my-rides.tsx"), "profile"),
      screen("settings", () => import("./settings/settings.tsx"), "profile"),
      screen("moderacion", () => import("./safety/moderation.tsx"), "profile"),
      screen("*", () => import("./screens/not-found.tsx"), "none"),
    ],
  },
  { path: "*", element: <Navigate to="/app" replace /> },
];

/** The /app routes (inside the app's BrowserRouter). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Loads the code of the screen at `pathname` (resolves when it is in, or when it failed: the
 * screen then shows the error page). The first render waits for it, so the shell's static
 * splash stays until the screen can be drawn at once.
 */
export async function loadScreenCode(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.allSettled(
    matches.map((match) => (match.route.handle as ScreenCode | undefined)?.load()),
  );
}

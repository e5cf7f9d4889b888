import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { RequireAuth, RequireProfile } from "./auth/guards.tsx";
import { AppSplash } from "./components/spinner.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { RouteErrorPage } from "./screens/route-error.tsx";

// Every /app route of both spec documents. Screens load lazily so the first screen ships only
// its own code; guards follow spec 01 §2 "Guarded routes".
type Guard = "none" | "auth" | "profile";

function screen(path: string, load: () => Promise<{ default: () => ReactNode }>, guard: Guard) {
  return {
    path,
    lazy: async () => {
      const { default: Screen } = await load();
      const element =
        guard === "profile" ? (
          <RequireProfile>
            <Screen />
          </RequireProfile>
        ) : guard === "auth" ? (
          <RequireAuth>
            <Screen />
          </RequireAuth>
        ) : (
          <Screen />
        );
      return { element };
    },
  } satisfies RouteObject;
}

export const appRoutes: RouteObject[] = [
  {
    path: "/app",
    element: <AppLayout />,
    // Shown until the first screen's lazy code has loaded.
    hydrateFallbackElement: <AppSplash />,
    errorElement: <RouteErrorPage />,
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
      screen("search", () => import("./rides/search.tsx"), "profile"),
      screen("create", () => import("./rides/create.tsx"), "profile"),
      screen("ride/:id", () => import("./rides/ride-detail.tsx"), "profile"),
      screen("ride/:id/chat", () => import("./chat/chat-screen.tsx"), "profile"),
      screen("chat/:id", () => import("./chat/chat-screen.tsx"), "profile"),
      screen("my-rides", () => import("./my-rides/my-rides.tsx"), "profile"),
      screen("settings", () => import("./settings/settings.tsx"), "profile"),
      screen("*", () => import("./screens/not-found.tsx"), "none"),
    ],
  },
  { path: "*", element: <Navigate to="/app" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

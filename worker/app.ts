import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { MSG } from "../domain/messages.ts";
import { accountRoutes } from "./account/routes.ts";
import { serveAppShell } from "./app-shell/app-shell.ts";
import { authRoutes } from "./auth/routes.ts";
import { blockedParticipantRoutes, blockRoutes } from "./blocks/routes.ts";
import { calendarRoutes, rideCalendarRoutes } from "./calendar/routes.ts";
import { chatListRoutes, notificationRoutes, rideChatRoutes } from "./chat/routes.ts";
import { pendingConnectionsRoutes, rideConnectionsRoutes } from "./connections/routes.ts";
import { databaseSession } from "./db/read-session.ts";
import { devRoutes } from "./dev/routes.ts";
import type { AppEnv } from "./env.ts";
import { groupChatRoutes } from "./groups/chat-routes.ts";
import { groupPreviewRoutes } from "./groups/preview.ts";
import { groupRoutes } from "./groups/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { errorBody, handleError } from "./http/errors.ts";
import { requestLog } from "./http/request-log.ts";
import { noStore, originCheck, securityHeaders } from "./http/security.ts";
import {
  bodyContentType,
  drainUnreadBody,
  jsonSizeLimit,
  MULTIPART_TYPE,
  mediaType,
  requestSizeLimit,
} from "./http/validate.ts";
import { launchSignupsRoutes } from "./launch-signups/routes.ts";
import { levelAnswersRoutes } from "./level-answers/routes.ts";
import { moderationRoutes } from "./moderation/routes.ts";
import { profileRoutes } from "./profiles/routes.ts";
import { pushRoutes } from "./push/routes.ts";
import { referralRoutes } from "./referrals/routes.ts";
import { reportRoutes } from "./reports/routes.ts";
import { rideChangesAnnounced } from "./ride-core/ride-watchers.ts";
import { rideDayRoutes } from "./ride-day/routes.ts";
import { sweeperRoutes } from "./ride-day/sweeper.ts";
import { rideRequestRoutes } from "./ride-requests/routes.ts";
import { myRidesRoutes, rideRoutes } from "./rides/routes.ts";
import { seriesRoutes } from "./series/routes.ts";
import { sessionMiddleware } from "./sessions/session.ts";
import { shareRoutes } from "./share/routes.ts";
import { tileRoutes } from "./tiles/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { myVerificationRoutes, rideVouchRoutes, vouchRoutes } from "./verification/routes.ts";
import { waitingListRoutes } from "./waiting-list/routes.ts";
import { weatherRoutes } from "./weather/routes.ts";

/** The JSON API, one sub-app per area (chained so AppType carries every route). */
const api = new Hono<AppEnv>()
  .use(drainUnreadBody)
  .use(noStore)
  .use((c, next) =>
    mediaType(c.req.raw) === MULTIPART_TYPE ? requestSizeLimit(c, next) : jsonSizeLimit(c, next),
  )
  .use(originCheck)
  .use(bodyContentType)
  .use(sessionMiddleware)
  .use(rideChangesAnnounced)
  .route("/health", healthRoutes)
  .route("/", authRoutes)
  .route("/rides", rideRoutes)
  .route("/rides/:id/chat", rideChatRoutes)
  .route("/rides/:id/connections", rideConnectionsRoutes)
  .route("/rides/:id/waiting-list", waitingListRoutes)
  .route("/rides/:id/requests", rideRequestRoutes)
  .route("/rides/:id/level-answers", levelAnswersRoutes)
  .route("/rides/:id/participants", blockedParticipantRoutes)
  .route("/rides/:id/sweeper", sweeperRoutes)
  .route("/rides/:id/ride-day", rideDayRoutes)
  .route("/rides/:id/vouches", rideVouchRoutes)
  .route("/rides/:id", rideCalendarRoutes)
  .route("/rides/:id/series", seriesRoutes)
  .route("/rides/:id", weatherRoutes)
  .route("/my-rides", myRidesRoutes)
  .route("/chats", chatListRoutes)
  .route("/notifications", notificationRoutes)
  .route("/connections", pendingConnectionsRoutes)
  .route("/users", userRoutes)
  .route("/profile", profileRoutes)
  .route("/referrals", referralRoutes)
  .route("/account", accountRoutes)
  .route("/launch-signups", launchSignupsRoutes)
  .route("/groups", groupRoutes)
  .route("/groups/:slug/chat", groupChatRoutes)
  .route("/blocks", blockRoutes)
  .route("/vouches", vouchRoutes)
  .route("/verification", myVerificationRoutes)
  .route("/reports", reportRoutes)
  .route("/moderation", moderationRoutes)
  .route("/push", pushRoutes)
  .route("/calendar", calendarRoutes);

export type AppType = typeof api;

export const app = new Hono<AppEnv>()
  .use(requestLog)
  .use(requestId())
  .use(securityHeaders)
  .use(databaseSession)
  .route("/api", api)
  .route("/dev", devRoutes)
  .route("/salida", shareRoutes)
  .route("/tiles", tileRoutes)
  .route("/grupo", groupPreviewRoutes)
  .all("/api/*", (c) => c.json(errorBody("not_found", MSG.notFound), 404))
  .get("/app", serveAppShell)
  .get("/app/*", serveAppShell);

app.onError(handleError);
app.notFound((c) => c.env.ASSETS.fetch(c.req.raw));

import { decodeIdToken, Google, generateCodeVerifier, generateState } from "arctic";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AuthResponse, LogoutResponse, ResetRequestResponse } from "../../domain/api/auth.ts";
import type { MeResponse } from "../../domain/api-types.ts";
import { DomainError } from "../../domain/errors.ts";
import { MSG } from "../../domain/messages.ts";
import { DEFAULT_RETURN_PATH, returnPathOrNull } from "../../domain/return-path.ts";
import {
  changePasswordSchema,
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signupSchema,
} from "../../domain/schemas.ts";
import { cleanText } from "../../domain/zod.ts";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { expectedOrigin } from "../http/security.ts";
import { validate } from "../http/validate.ts";
import { mailTransport } from "../mail/transport.ts";
import { closeUserSockets } from "../rooms/close-sockets.ts";
import { closeRevokedSockets } from "../rooms/system-messages.ts";
import {
  clearSessionCookie,
  createSession,
  invalidateSession,
  newSession,
  requireUser,
  setSessionCookie,
} from "../sessions/session.ts";
import { generateId, generateToken } from "../sessions/tokens.ts";
import { googleEnabled, loadMeUser, meResponse } from "./me.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.ts";
import {
  createAccount,
  createResetToken,
  endEverySession,
  ensureGoogleProfile,
  findResetTokenUser,
  findUserByEmail,
  findUserById,
  type GoogleIdentity,
  isOpenReferral,
  isUniqueViolation,
  replacePassword,
  resetPassword,
  upsertGoogleUser,
} from "./queries.ts";
import { limitAuth, limitPasswordChange, limitResetConfirm } from "./rate-limit.ts";

const GOOGLE_STATE_COOKIE = "rodamos_google_state";
const GOOGLE_VERIFIER_COOKIE = "rodamos_google_verifier";
/** The invite token carried through Google's round trip (invite mode and referral claim). */
const GOOGLE_REF_COOKIE = "rodamos_google_ref";
/** The page she was sent to (a shared ride), where she lands once she is in. */
const GOOGLE_RETURN_COOKIE = "rodamos_google_return";
const refSchema = z.uuid();
const GOOGLE_COOKIE_MAX_AGE = 10 * 60;
/** Started on the sign-up page: the state cookie holds `signup.<state>` (state is base64url). */
const SIGNUP_STATE_PREFIX = "signup.";
// A bad value is ignored, not refused: this is a page navigation, not a form.
const googleStartQuery = z.object({
  ref: refSchema.optional().catch(undefined),
  from: z.literal("signup").optional().catch(undefined),
  // Our own /app paths only (domain/return-path.ts): never an open redirect.
  next: z
    .string()
    .max(2000)
    .transform((path) => returnPathOrNull(path) ?? undefined)
    .optional()
    .catch(undefined),
});

/** `path` with `from` for the app's next step (login, sign-up, profile setup), when there is one. */
function withFrom(path: string, from: string | null) {
  if (!from) return path;
  return `${path}${path.includes("?") ? "&" : "?"}from=${encodeURIComponent(from)}`;
}

/** A suspended account gets no session, whichever way she signs in (docs/product.md#suspension). */
async function refuseIfSuspended(c: Context<AppEnv>, userId: string) {
  const user = await findUserById(c.var.db, userId);
  if (user?.suspendedAt != null) throw new DomainError("account_suspended", MSG.accountSuspended);
}

/**
 * Always a fresh session id (no fixation): any session the browser still carried is dropped.
 * Answers with the signed-in state so the web can fill its cache without another request.
 * `stored`: a session the caller already wrote (reset confirmation), else one is created.
 */
async function signIn(
  c: Context<AppEnv>,
  userId: string,
  stored?: { token: string; expiresAt: number },
): Promise<MeResponse> {
  await refuseIfSuspended(c, userId);
  if (c.var.sessionId) await invalidateSession(c.var.db, c.var.sessionId);
  const { token, expiresAt } = stored ?? (await createSession(c.var.db, userId));
  setSessionCookie(c, token, expiresAt);
  return meResponse(c.env, await loadMeUser(c.var.db, userId, c.env.MODERATOR_EMAILS));
}

function googleClient(c: Context<AppEnv>) {
  const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
  return new Google(
    c.env.GOOGLE_CLIENT_ID,
    c.env.GOOGLE_CLIENT_SECRET,
    `${origin}/api/auth/google/callback`,
  );
}

export const authRoutes = new Hono<AppEnv>()
  .get("/me", async (c) => {
    const sessionUser = c.var.user;
    const user = sessionUser
      ? await loadMeUser(c.var.db, sessionUser.id, c.env.MODERATOR_EMAILS)
      : null;
    return c.json<MeResponse>(meResponse(c.env, user));
  })

  .post("/auth/signup", validate("json", signupSchema), async (c) => {
    const { email, password, ref } = c.req.valid("json");
    await limitAuth(c, "signup", email);
    const db = c.var.db;
    const inviteOnly = c.env.SIGNUP_MODE === "invite";
    // Refused before the hashing; createAccount's batch is what decides (two at once).
    if (inviteOnly && !(ref && (await isOpenReferral(db, ref)))) {
      throw new DomainError("invitation_required", MSG.invitationRequired);
    }
    if (await findUserByEmail(db, email)) throw new DomainError("conflict", MSG.emailTaken);
    const id = generateId();
    let referralClaimed = false;
    try {
      ({ referralClaimed } = await createAccount(db, {
        id,
        email,
        passwordHash: await hashPassword(password),
        ref,
        inviteOnly,
      }));
    } catch (err) {
      if (isUniqueViolation(err, "email")) throw new DomainError("conflict", MSG.emailTaken);
      throw err;
    }
    const me = await signIn(c, id);
    return c.json<AuthResponse>({ ...me, referralClaimed }, 201);
  })

  .post("/auth/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await limitAuth(c, "login", email);
    const user = await findUserByEmail(c.var.db, email);
    // Verify against a dummy hash for unknown emails: same work, same answer, no enumeration.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user?.passwordHash || !ok) {
      throw new DomainError("invalid_credentials", MSG.loginFailed);
    }
    return c.json<AuthResponse>(await signIn(c, user.id));
  })

  .post("/auth/logout", async (c) => {
    if (c.var.sessionId) await invalidateSession(c.var.db, c.var.sessionId);
    if (c.var.user) inBackground(c, closeRevokedSockets(c.env, c.var.user.id));
    clearSessionCookie(c);
    return c.json<LogoutResponse>({ ok: true });
  })

  /**
   * 'Cerrar sesión en todos los dispositivos': every session of hers ends, this one included, and
   * her calendar feed's URL stops (endEverySession). Her open tabs and chats close before the
   * answer, as a suspension's do (worker/rooms/close-sockets.ts): when she sees the login screen,
   * no other device of hers still shows her anything.
   */
  .post("/auth/logout-everywhere", async (c) => {
    const user = requireUser(c);
    await endEverySession(c.var.db, user.id, Date.now());
    clearSessionCookie(c);
    await closeUserSockets(c.env, user.id, { reason: "session_ended" }).catch((error: unknown) => {
      // Her sessions are gone: a socket that could not be reached now is refused at its next use.
      console.warn(`[${c.get("requestId")}] logout everywhere: closing her sockets failed`, error);
    });
    return c.json<LogoutResponse>({ ok: true });
  })

  .post("/auth/password", validate("json", changePasswordSchema), async (c) => {
    const sessionUser = requireUser(c);
    await limitPasswordChange(c, sessionUser.id);
    const { currentPassword, newPassword } = c.req.valid("json");
    const user = await findUserById(c.var.db, sessionUser.id);
    if (!user) throw new DomainError("unauthenticated", MSG.unauthenticated);
    // Accounts created with Google have no password yet and may set one without it.
    if (user.passwordHash && !(await verifyPassword(currentPassword ?? "", user.passwordHash))) {
      throw new DomainError(
        "invalid_credentials",
        MSG.passwordUpdateFailed(MSG.currentPasswordWrong),
        400,
      );
    }
    await replacePassword(c.var.db, user.id, await hashPassword(newPassword));
    // Every session ended above; this browser continues with a new one.
    const { token, expiresAt } = await createSession(c.var.db, user.id);
    inBackground(c, closeRevokedSockets(c.env, user.id));
    setSessionCookie(c, token, expiresAt);
    return c.json<AuthResponse>(
      meResponse(c.env, await loadMeUser(c.var.db, user.id, c.env.MODERATOR_EMAILS)),
    );
  })

  .post("/auth/reset/request", validate("json", resetRequestSchema), async (c) => {
    const { email } = c.req.valid("json");
    await limitAuth(c, "reset", email);
    const user = await findUserByEmail(c.var.db, email);
    if (user) {
      const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
      const sendLink = async () => {
        const token = generateToken();
        await createResetToken(c.var.db, user.id, token, Date.now());
        // In the fragment: browsers never send it, so no request URL (or log) holds the token;
        // the app posts it in the body (docs/decisions/0034-nothing-secret-in-a-logged-url.md).
        const link = `${origin}/app/login#reset=${token}`;
        await mailTransport(c.env, c.var.db).send({
          to: user.email,
          subject: MSG.recoveryMailSubject,
          text: [
            "Hola,",
            "",
            "Hemos recibido una solicitud para restablecer tu contraseña de Rodamos.",
            `Ábrelo en la próxima hora: ${link}`,
            "",
            "Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.",
          ].join("\n"),
        });
      };
      // After the answer: waiting for the write and the provider, or failing with them, would
      // tell a known address from an unknown one. A failure is only logged, by the error's name:
      // a D1 error's text quotes the values written, and ADR 0034 keeps her address and the
      // token out of logs. She can ask again.
      inBackground(
        c,
        sendLink().catch((error: unknown) =>
          console.warn(
            `[${c.get("requestId")}] reset mail not sent:`,
            error instanceof Error ? error.name : typeof error,
          ),
        ),
      );
    }
    // Same answer, at once, whether or not the account exists (no enumeration).
    return c.json<ResetRequestResponse>({ ok: true });
  })

  .post("/auth/reset/confirm", validate("json", resetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    await limitResetConfirm(c);
    const invalid = () => new DomainError("reset_token_invalid", MSG.resetTokenInvalid);
    // A dead token is refused before the hashing; the batch below is what decides.
    const tokenUser = await findResetTokenUser(c.var.db, token, Date.now());
    if (!tokenUser) throw invalid();
    // Before the password changes: a suspended account keeps hers.
    await refuseIfSuspended(c, tokenUser);
    const passwordHash = await hashPassword(password);
    const now = Date.now();
    const session = newSession(now);
    const userId = await resetPassword(c.var.db, { token, passwordHash, session, now });
    if (!userId) throw invalid();
    inBackground(c, closeRevokedSockets(c.env, userId));
    return c.json<AuthResponse>(await signIn(c, userId, session));
  })

  .get("/auth/google", validate("query", googleStartQuery), (c) => {
    if (!googleEnabled(c.env)) throw new DomainError("not_found", MSG.googleNotConfigured);
    const { ref, from, next } = c.req.valid("query");
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = googleClient(c).createAuthorizationURL(state, verifier, [
      "openid",
      "profile",
      "email",
    ]);
    const cookie = {
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
      path: "/api/auth/google",
      maxAge: GOOGLE_COOKIE_MAX_AGE,
    } as const;
    const stateCookie = from === "signup" ? `${SIGNUP_STATE_PREFIX}${state}` : state;
    setCookie(c, GOOGLE_STATE_COOKIE, stateCookie, cookie);
    setCookie(c, GOOGLE_VERIFIER_COOKIE, verifier, cookie);
    if (ref) setCookie(c, GOOGLE_REF_COOKIE, ref, cookie);
    if (next) setCookie(c, GOOGLE_RETURN_COOKIE, next, cookie);
    return c.redirect(url.toString(), 302);
  })

  .get("/auth/google/callback", async (c) => {
    const stateCookie = getCookie(c, GOOGLE_STATE_COOKIE);
    const fromSignup = stateCookie?.startsWith(SIGNUP_STATE_PREFIX) === true;
    const storedState = fromSignup ? stateCookie?.slice(SIGNUP_STATE_PREFIX.length) : stateCookie;
    // Checked again: a cookie is only as trustworthy as the browser that sends it.
    const returnPath = returnPathOrNull(getCookie(c, GOOGLE_RETURN_COOKIE));
    // Back to the page she started on, which shows the spec's text for it
    // (docs/product.md#accounts-and-sign-in), still knowing where she was going.
    const failed = () =>
      c.redirect(
        withFrom(fromSignup ? "/app/signup?error=google" : "/app/login?error=google", returnPath),
        302,
      );
    if (!googleEnabled(c.env)) return failed();
    const code = c.req.query("code");
    const state = c.req.query("state");
    const verifier = getCookie(c, GOOGLE_VERIFIER_COOKIE);
    const ref = refSchema.safeParse(getCookie(c, GOOGLE_REF_COOKIE));
    const cookieOptions = { path: "/api/auth/google", secure: true, httpOnly: true } as const;
    deleteCookie(c, GOOGLE_STATE_COOKIE, cookieOptions);
    deleteCookie(c, GOOGLE_VERIFIER_COOKIE, cookieOptions);
    deleteCookie(c, GOOGLE_REF_COOKIE, cookieOptions);
    deleteCookie(c, GOOGLE_RETURN_COOKIE, cookieOptions);
    if (!code || !state || !storedState || !verifier || state !== storedState) return failed();
    let userId: string;
    let identity: GoogleIdentity;
    try {
      const tokens = await googleClient(c).validateAuthorizationCode(code, verifier);
      const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
      const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
      if (typeof claims.sub !== "string" || !email) return failed();
      identity = {
        sub: claims.sub,
        email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === "string" ? cleanText(claims.name) : null,
        picture: typeof claims.picture === "string" ? claims.picture : null,
      };
      const account = await upsertGoogleUser(c.var.db, identity, generateId(), {
        inviteOnly: c.env.SIGNUP_MODE === "invite",
        ref: ref.success ? ref.data : undefined,
      });
      userId = account.userId;
      // Its other sessions just ended: their open tabs and chats close too (ADR 0020).
      if (account.linked) inBackground(c, closeRevokedSockets(c.env, userId));
    } catch (err) {
      if (err instanceof DomainError && err.code === "invitation_required") {
        return c.redirect(withFrom("/app/signup?error=invitation", returnPath), 302);
      }
      console.warn("google sign-in failed", err instanceof Error ? err.message : err);
      return failed();
    }
    try {
      await ensureGoogleProfile(c.var.db, userId, identity);
    } catch (err) {
      // Only logged (docs/product.md#accounts-and-sign-in): her account exists, so she signs in and
      // completes the profile.
      console.error(`[${c.get("requestId")}] google sign-in: profile not created`, err);
    }
    let me: MeResponse;
    try {
      me = await signIn(c, userId);
    } catch (err) {
      if (err instanceof DomainError && err.code === "account_suspended") {
        return c.redirect("/app/login?error=suspended", 302);
      }
      throw err;
    }
    return c.redirect(
      me.user?.profileComplete
        ? (returnPath ?? DEFAULT_RETURN_PATH)
        : withFrom("/app/profile-setup", returnPath),
      302,
    );
  });

/** Who sent a request: the session token from the Authorization header or the httpOnly cookie. */
import { AppError } from "../errors";
import { config } from "../platform/config";
import { database } from "../process/runtime";
import { type Actor } from "../services/actor";
import { SESSION_DAYS, type SessionClient, actorForToken } from "../services/auth";
import { SESSION_COOKIE } from "../platform/session-cookie";
import { mustEnrolSecondFactor } from "../services/second-factor-policy";
import type { RequestHead } from "./request-head";

function cookieValue(request: RequestHead, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

interface Credentials {
  token: string;
  via: "bearer" | "cookie";
}

export function credentialsOf(request: RequestHead): Credentials | undefined {
  const header = request.headers.get("authorization");
  const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = cookieValue(request, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence (docs/product.md#sessions): a browser attaches the cookie to cross-site requests too, so a
 * cookie-authenticated mutation must come from our own origin. A bearer token is never sent by a
 * browser on its own, so it needs no such check.
 */
function assertSameOrigin(request: RequestHead): void {
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new AppError(403, "csrfRejected");
  const origin = request.headers.get("origin");
  if (!origin) return;
  const allowed = new Set([new URL(request.url).origin, new URL(config().publicUrl).origin]);
  if (!allowed.has(origin)) throw new AppError(403, "csrfRejected");
}

/** The account the request's session belongs to, with no gate: only for the gate's exceptions below. */
async function signedInActor(request: RequestHead): Promise<Actor | null> {
  const credentials = credentialsOf(request);
  if (!credentials) return null;
  if (credentials.via === "cookie" && !SAFE_METHODS.has(request.method)) assertSameOrigin(request);
  return actorForToken(await database(), credentials.token);
}

/**
 * Who sent the request. The enrolment gate (issue 35) sits here, where every route learns who is
 * asking: an account whose role needs a second factor and has none is refused everything (403
 * `second_factor_enrolment_required`) but what `actorWhileEnrolling` lets through. A route added
 * later is gated without knowing it.
 */
export async function currentActor(request: RequestHead): Promise<Actor | null> {
  const actor = await signedInActor(request);
  if (actor && mustEnrolSecondFactor(actor)) throw new AppError(403, "secondFactorEnrolmentRequired");
  return actor;
}

/**
 * The gate's explicit exceptions, each named where it is used: setting up a second factor (and
 * proving oneself to do it), reading one's own account (GET /api/users/me), signing out, and the
 * back office's frame and account screen, which show the way to enrolment.
 */
export const actorWhileEnrolling = signedInActor;

/** What a new session records of the client asking for it (services/auth.ts createSession). */
export const sessionClient = (request: Request): SessionClient => ({ userAgent: request.headers.get("user-agent") });

function secure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || config().publicUrl.startsWith("https:");
}

export function sessionCookie(request: Request, token: string): string {
  const attributes = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${SESSION_DAYS * 86_400}`];
  if (secure(request)) attributes.push("Secure");
  return attributes.join("; ");
}

export function clearedSessionCookie(request: Request): string {
  const attributes = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secure(request)) attributes.push("Secure");
  return attributes.join("; ");
}

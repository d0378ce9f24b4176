/**
 * SPEC 6 routing, enforced on the server for every back-office page: a guest goes to /login and
 * comes back afterwards; a signed-in reader goes home, where the page says why. A newsroom member
 * whose role does not reach the page (app/lib/roles.ts) goes to the dashboard, which says why.
 * All stay in the language of the page that was asked for (/ne/admin/… → /ne/login, /ne).
 */
import { redirect } from "react-router";
import { ADMIN_REQUIRED_NOTICE, ROLE_FORBIDDEN_NOTICE } from "~/lib/admin-notice";
import type { Ability } from "~/lib/roles";
import { localizedFor } from "./page-locale";
import { type Actor, can } from "../services/actor";
import { currentActor } from "./session";

export async function requireBackOfficePage(request: Request, ability: Ability = "backOffice"): Promise<Actor> {
  const actor = await currentActor(request);
  const url = new URL(request.url);
  if (!actor) throw redirect(`${localizedFor(request, "/login")}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (!can(actor, "backOffice")) throw redirect(`${localizedFor(request, "/")}?notice=${ADMIN_REQUIRED_NOTICE}`);
  if (!can(actor, ability)) throw redirect(`${localizedFor(request, "/admin/dashboard")}?notice=${ROLE_FORBIDDEN_NOTICE}`);
  return actor;
}

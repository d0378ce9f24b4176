/**
 * Routing, enforced on the server for every back-office page (docs/product.md#roles-and-permissions): a guest goes to /login and
 * comes back afterwards; a signed-in reader goes home, where the page says why. A newsroom member
 * whose role does not reach the page (app/lib/roles.ts) goes to the dashboard, which says why; one
 * whose role needs a second factor and has none goes to the account screen to set it up (issue 35).
 * All stay in the language of the page that was asked for (/ne/admin/… → /ne/login, /ne).
 */
import { redirect } from "react-router";
import { ADMIN_REQUIRED_NOTICE, ROLE_FORBIDDEN_NOTICE } from "~/lib/admin-notice";
import { ACCOUNT_SECURITY_PATH } from "~/lib/admin-paths";
import type { Ability } from "~/lib/roles";
import { localizedFor } from "./page-locale";
import { type Actor, can } from "../services/actor";
import { mustEnrolSecondFactor } from "../services/second-factor-policy";
import { actorWhileEnrolling } from "./session";

/**
 * `whileEnrolling`: the page is one the enrolment gate lets through (the frame, the account
 * screen); every other page sends an account that must enrol to the account screen.
 */
export async function requireBackOfficePage(request: Request, ability: Ability = "backOffice", { whileEnrolling = false } = {}): Promise<Actor> {
  const actor = await actorWhileEnrolling(request);
  const url = new URL(request.url);
  if (!actor) throw redirect(`${localizedFor(request, "/login")}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (!can(actor, "backOffice")) throw redirect(`${localizedFor(request, "/")}?notice=${ADMIN_REQUIRED_NOTICE}`);
  if (!whileEnrolling && mustEnrolSecondFactor(actor)) throw redirect(localizedFor(request, ACCOUNT_SECURITY_PATH));
  if (!can(actor, ability)) throw redirect(`${localizedFor(request, "/admin/dashboard")}?notice=${ROLE_FORBIDDEN_NOTICE}`);
  return actor;
}

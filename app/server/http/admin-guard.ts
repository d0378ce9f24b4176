/**
 * SPEC 6 routing, enforced on the server for every back-office page: a guest goes to /login and
 * comes back afterwards; a signed-in non-admin goes home, where the page says why. Both stay in
 * the language of the page that was asked for (/ne/admin/… → /ne/login, /ne).
 */
import { redirect } from "react-router";
import { ADMIN_REQUIRED_NOTICE } from "~/lib/admin-notice";
import { localizedFor } from "./page-locale";
import type { Actor } from "../services/actor";
import { currentActor } from "./session";

export async function requireAdminPage(request: Request): Promise<Actor> {
  const actor = await currentActor(request);
  const url = new URL(request.url);
  if (!actor) throw redirect(`${localizedFor(request, "/login")}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (actor.role !== "admin") throw redirect(`${localizedFor(request, "/")}?notice=${ADMIN_REQUIRED_NOTICE}`);
  return actor;
}

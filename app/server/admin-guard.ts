/**
 * SPEC 6 routing, enforced on the server for every back-office page: a guest goes to /login and
 * comes back afterwards; a signed-in non-admin goes home, where the page says why.
 */
import { redirect } from "react-router";
import { ADMIN_REQUIRED_NOTICE } from "~/lib/admin-notice";
import type { Actor } from "./services/actor";
import { currentActor } from "./session";

export async function requireAdminPage(request: Request): Promise<Actor> {
  const actor = await currentActor(request);
  const url = new URL(request.url);
  if (!actor) throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (actor.role !== "admin") throw redirect(`/?notice=${ADMIN_REQUIRED_NOTICE}`);
  return actor;
}

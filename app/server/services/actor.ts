import type { Role } from "~/lib/schemas";
import { AppError } from "../errors";

/** Who is making a request: a signed-in account, or null for a guest. */
export interface Actor {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export const isAdmin = (actor: Actor | null): actor is Actor => actor?.role === "admin";

/** SPEC 6: commenting and bookmarking need an account. */
export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw new AppError(401, "signInRequired");
  return actor;
}

/** SPEC 6: everything in the back office needs the admin role. */
export function requireAdmin(actor: Actor | null): Actor {
  if (!actor) throw new AppError(401, "loginRequiredAdmin");
  if (actor.role !== "admin") throw new AppError(403, "adminRequired");
  return actor;
}

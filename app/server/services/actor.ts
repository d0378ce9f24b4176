import type { Role } from "~/lib/schemas";
import { type Ability, type ArticleOwnership, mayEditArticle, maySeeUnpublished, roleCan } from "~/lib/roles";
import { AppError } from "../errors";

/** Who is making a request: a signed-in account, or null for a guest. */
export interface Actor {
  id: number;
  name: string;
  email: string;
  role: Role;
  /**
   * The session the request came with. Absent for an actor made without one (a script, a test):
   * whatever needs a session (re-authentication, "this session") then refuses.
   */
  session?: ActorSession;
}

export interface ActorSession {
  id: number;
  /** When this session last proved a second factor, or null. */
  secondFactorAt: Date | null;
  /** Whether the account has a second factor (authenticator codes or a passkey): the enrolment gate reads it. */
  hasSecondFactor: boolean;
}

/** What the actor's role allows (app/lib/roles.ts); a guest may do none of it. */
export const can = (actor: Actor | null, ability: Ability): boolean => actor !== null && roleCan(actor.role, ability);

/** docs/product.md#roles-and-permissions: commenting and bookmarking need an account. */
export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw new AppError(401, "signInRequired");
  return actor;
}

/**
 * Back-office calls: a guest is asked to log in; a reader is told it is for the newsroom (the
 * spec's "Admin access required."); a newsroom role without the right is told its role does not
 * allow it.
 */
export function requireAbility(actor: Actor | null, ability: Ability): Actor {
  if (!actor) throw new AppError(401, "loginRequiredAdmin");
  if (!roleCan(actor.role, "backOffice")) throw new AppError(403, "adminRequired");
  if (!roleCan(actor.role, ability)) throw new AppError(403, "roleForbidden");
  return actor;
}

/** The spec's admin-only calls that stay admin-only: accounts and roles. */
export const requireAdmin = (actor: Actor | null): Actor => requireAbility(actor, "manageUsers");

/** An unpublished article exists only for those who may see it (404 for everyone else). */
export const seesUnpublished = (actor: Actor | null, article: ArticleOwnership): boolean =>
  actor !== null && maySeeUnpublished(actor.role, actor.id, article);

/**
 * The article may be changed by the actor: one it cannot even see is not found (404); one it can
 * see but not change is refused (403).
 */
export function requireArticleEditor(actor: Actor | null, article: ArticleOwnership): Actor {
  const staff = requireAbility(actor, "backOffice");
  if (!article.isPublished && !maySeeUnpublished(staff.role, staff.id, article)) throw new AppError(404, "articleNotFound");
  if (!mayEditArticle(staff.role, staff.id, article)) throw new AppError(403, "roleForbidden");
  return staff;
}

/**
 * Issue 15's roles, in one table: what each role may do in the back office. The services enforce
 * it (app/server/services/actor.ts); the back office reads the same table to show each role only
 * what it may do.
 *
 * - `user`: a reader; no back office.
 * - `contributor`: writes drafts and submits them; cannot publish; sees and edits only their own
 *   unpublished articles.
 * - `author`: also publishes, unpublishes and edits their own articles.
 * - `editor`: every article; comment moderation; categories, tags and writers; the tip line's inbox.
 * - `admin`: everything, users and roles and the tip line's key included (every right the spec's admin had).
 */
import type { Role } from "./limits";

export type Ability =
  /** Open the back office at all: the dashboard, one's own articles, uploads. */
  | "backOffice"
  /** Publish or unpublish an article one may edit. */
  | "publish"
  /** Read, edit, publish and delete every article, not only one's own. */
  | "editEveryArticle"
  | "moderateComments"
  /** Categories, tags and writers. */
  | "manageSections"
  /** Accounts and their roles. */
  | "manageUsers"
  /** The tip line's inbox: open, answer, keep and delete sources' tips (issue 17). */
  | "readTips"
  /** Set up or rotate the tip line's key. */
  | "manageTipKeys"
  /** Compose and send newsletter issues; see subscribers and suppressed addresses (issue 40). */
  | "sendNewsletters";

const ABILITIES: Record<Role, readonly Ability[]> = {
  user: [],
  contributor: ["backOffice"],
  author: ["backOffice", "publish"],
  editor: ["backOffice", "publish", "editEveryArticle", "moderateComments", "manageSections", "readTips", "sendNewsletters"],
  admin: ["backOffice", "publish", "editEveryArticle", "moderateComments", "manageSections", "manageUsers", "readTips", "manageTipKeys", "sendNewsletters"],
};

export const roleCan = (role: Role, ability: Ability): boolean => ABILITIES[role].includes(ability);

/** Whose article it is, and whether readers can see it: all an article-level decision needs. */
export interface ArticleOwnership {
  authorId: number | null;
  isPublished: boolean;
}

/** May someone see this article although readers cannot (a draft), in the back office or the API? */
export function maySeeUnpublished(role: Role, userId: number, article: ArticleOwnership): boolean {
  return roleCan(role, "editEveryArticle") || (roleCan(role, "backOffice") && article.authorId === userId);
}

/**
 * May someone change (or delete) this article? Editors and admins: any. Authors: their own.
 * Contributors: their own while it is unpublished; once an editor has published it, changes go
 * through an editor.
 */
export function mayEditArticle(role: Role, userId: number, article: ArticleOwnership): boolean {
  if (roleCan(role, "editEveryArticle")) return true;
  if (!roleCan(role, "backOffice") || article.authorId !== userId) return false;
  return roleCan(role, "publish") || !article.isPublished;
}

import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { PublicUser } from "~/lib/api-types";
import { ROLES } from "~/lib/limits";
import { roleCan } from "~/lib/roles";
import type { PasswordChangeInput, Role, UserUpdateInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { articles, bookmarks, users } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, can, requireAdmin, requireUser } from "./actor";
import { recordAccountAction, recordAudit } from "./audit";
import { assertStrongPassword } from "./password-strength";
import { hashPassword, verifyPassword } from "./passwords";
import { requireRecentReauthentication } from "./second-factor-policy";
import { devicesForAudit, endOtherSessions } from "./sessions";
import { publicContentUnchanged } from "../cache/public-changes";

type UserRow = typeof users.$inferSelect;

function toPublicUser(row: UserRow, bookmarkIds: number[]): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    bookmarks: bookmarkIds.map(String),
  };
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined));
  return row !== undefined;
}

async function bookmarkIdsOf(db: Executor, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: bookmarks.userId, articleId: bookmarks.articleId })
    .from(bookmarks)
    .where(inArray(bookmarks.userId, userIds))
    .orderBy(asc(bookmarks.createdAt));
  for (const row of rows) byUser.get(row.userId)?.push(row.articleId);
  return byUser;
}

export async function getUser(db: Executor, id: number): Promise<PublicUser> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError(404, "userNotFound");
  return toPublicUser(row, (await bookmarkIdsOf(db, [id])).get(id) ?? []);
}

export async function createUser(
  db: Executor,
  input: { name: string; email: string; password: string; role?: Role },
): Promise<PublicUser> {
  if (await emailTaken(db, input.email)) throw new AppError(409, "emailTaken");
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      role: input.role ?? "user",
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toPublicUser(row, []);
}

export async function listUsers(db: Database, actor: Actor | null): Promise<PublicUser[]> {
  requireAdmin(actor);
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
  const marks = await bookmarkIdsOf(db, rows.map((r) => r.id));
  return rows.map((row) => toPublicUser(row, marks.get(row.id) ?? []));
}

/** The newsroom's members (the roles that reach the back office), by name: the audit trail's "person" filter. */
export async function listNewsroom(db: Executor, actor: Actor | null): Promise<{ id: number; name: string }[]> {
  requireAdmin(actor);
  const newsroom = ROLES.filter((role) => roleCan(role, "backOffice"));
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.role, newsroom)).orderBy(asc(users.name), asc(users.id));
}

/** Locks every admin row, so two admins demoting each other at once cannot leave none. */
async function adminCount(tx: Executor): Promise<number> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
  return rows.length;
}

/** Who may edit account `id` at all: its owner or an admin. Checked before the body is read. */
export function assertMayUpdateUser(actor: Actor | null, id: number): Actor {
  const me = requireUser(actor);
  if (!can(me, "manageUsers") && me.id !== id) throw new AppError(403, "forbidden");
  return me;
}

/**
 * docs/product.md#roles-and-permissions: a user may change their own name, e-mail and bookmarks; an admin may also change anyone's
 * name, e-mail and role. A role in the payload that differs from the stored one is refused for a
 * non-admin (it is how a "whole user object" bookmark update would smuggle in a promotion).
 * Bookmarks are only ever the actor's own.
 */
export async function updateUser(
  db: Database,
  actor: Actor | null,
  id: number,
  input: UserUpdateInput,
): Promise<PublicUser> {
  const me = assertMayUpdateUser(actor, id);
  const admin = can(me, "manageUsers");

  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!current) throw new AppError(404, "userNotFound");

    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined && input.email !== current.email) {
      if (await emailTaken(tx, input.email, id)) throw new AppError(409, "emailTaken");
      changes.email = input.email;
    }
    if (input.role !== undefined && input.role !== current.role) {
      if (!admin) throw new AppError(403, "roleChangeForbidden");
      requireRecentReauthentication(me);
      if (current.role === "admin" && (await adminCount(tx)) <= 1) throw new AppError(409, "lastAdmin");
      changes.role = input.role;
    }
    if (input.bookmarks !== undefined) {
      if (me.id !== id) throw new AppError(403, "forbidden");
      await replaceBookmarks(tx, id, input.bookmarks, can(me, "editEveryArticle"));
    }
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, id));
    // The back office's changes to accounts are the trail's; a reader's own edits are not.
    const label = changes.email ?? current.email;
    if (changes.role) await recordAudit(tx, me, "user.role", { id, label }, `${current.role} → ${changes.role}`);
    const other = Object.keys(changes).filter((key) => key !== "role");
    if (me.id !== id && other.length > 0) await recordAudit(tx, me, "user.update", { id, label }, other.join(", "));
    return getUser(tx, id);
  });
}

/**
 * A new bookmark may only point at an article the user can read: a published one (or any, for
 * editors and admins). Bookmarks already held are kept even if their article has since been unpublished: an
 * older client (docs/product.md#the-api-in-summary) sends back its whole list, and one unpublished article must not block every update.
 */
async function replaceBookmarks(tx: Executor, userId: number, articleIds: number[], seesDrafts: boolean) {
  const wanted = [...new Set(articleIds)];
  const held = new Set(
    (await tx.select({ id: bookmarks.articleId }).from(bookmarks).where(eq(bookmarks.userId, userId))).map((r) => r.id),
  );
  const added = wanted.filter((id) => !held.has(id));
  if (added.length > 0) {
    const found = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(inArray(articles.id, added), seesDrafts ? undefined : eq(articles.isPublished, true)));
    if (found.length !== added.length) throw new AppError(404, "articleNotFound");
  }
  await tx
    .delete(bookmarks)
    .where(and(eq(bookmarks.userId, userId), wanted.length ? sql`${bookmarks.articleId} not in ${wanted}` : undefined));
  if (wanted.length > 0) {
    await tx
      .insert(bookmarks)
      .values(wanted.map((articleId) => ({ userId, articleId })))
      .onConflictDoNothing();
  }
}

/**
 * PUT /api/users/me/password: the actor's own password, given the current one. A wrong current
 * password is a 403 that the HTTP layer counts as a failed sign-in (rate-limits.ts), so this cannot
 * be used to guess it. The new one must not be easy to guess. Every other session ends with the old
 * password; the one making the change stays signed in.
 */
export async function changePassword(db: Database, actor: Actor | null, input: PasswordChangeInput): Promise<void> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const [account] = await db.select({ name: users.name, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!account) throw new AppError(404, "userNotFound");
  if (!(await verifyPassword(input.current_password, account.passwordHash))) throw new AppError(403, "currentPasswordIncorrect");
  await assertStrongPassword(input.new_password, [account.name, account.email]);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, me.id));
    const ended = await endOtherSessions(tx, me.id, me.session?.id ?? null);
    await recordAccountAction(tx, me, "account.password", undefined, devicesForAudit(ended));
  });
}

export async function deleteUser(db: Database, actor: Actor | null, id: number): Promise<void> {
  const admin = requireAdmin(actor);
  requireRecentReauthentication(admin);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!current) throw new AppError(404, "userNotFound");
    if (current.role === "admin" && (await adminCount(tx)) <= 1) throw new AppError(409, "lastAdmin");
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, admin, "user.delete", { id, label: current.email }, current.role);
  });
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

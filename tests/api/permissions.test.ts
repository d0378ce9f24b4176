/**
 * The permission matrix (docs/product.md#roles-and-permissions, docs/product.md#sessions, issue 15's newsroom roles):
 * every endpoint of app/routes.ts, with every method its module supports, called as a guest, a
 * signed-in reader, a contributor, an author, an editor and an admin.
 * Each row names the exact status per role and, for refusals, the exact error a client reads.
 * Rows that change something get a fresh fixture per role, so one role's success cannot turn another
 * role's refusal into a 404, and refused rows check that nothing changed.
 * The shared fixtures are the admin's; the rows marked "own" work on an article the calling role
 * wrote itself, to check what each role may do with its own work.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import type { Ability } from "../../app/lib/roles";
import { TEST_ADMIN } from "../support/server";
import { type ApiResponse, asAdmin, asFreshAdmin, call, newReader, reauthenticated, uniqueEmail } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";
import { examinedDocument } from "./document-fixtures";
import { newCodename, sourceKeys } from "../../app/lib/tips/crypto";
import { newTipKey, sealedForBoth, sendTip, setUpTipKey, solvedPuzzle } from "./tip-fixtures";
import { ATTACHMENT_BUCKETS, encryptedAttachmentBytes } from "../../app/lib/tips/protocol";

/** The smallest padded attachment's ciphertext: one part, the only size of it the server takes. */
const SMALLEST_ATTACHMENT = encryptedAttachmentBytes(ATTACHMENT_BUCKETS[0]!);

type Role = "guest" | "user" | "contributor" | "author" | "editor" | "admin";
/** The roles that reach the back office. */
type Newsroom = Exclude<Role, "guest" | "user">;
/** The newsroom roles this file makes accounts for (the admin is TEST_ADMIN). */
type Promoted = Exclude<Newsroom, "admin">;
type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "PATCH";
const ROLES: Role[] = ["guest", "user", "contributor", "author", "editor", "admin"];
const isNewsroom = (role: Role): role is Newsroom => role !== "guest" && role !== "user";

/**
 * What each role may do, as issue 15 states it. Written out here rather than read from
 * app/lib/roles.ts, so that a change to the server's table fails this test instead of following it.
 */
const ABILITIES: Record<Role, readonly Ability[]> = {
  guest: [],
  user: [],
  contributor: ["backOffice"],
  author: ["backOffice", "publish"],
  editor: ["backOffice", "publish", "editEveryArticle", "moderateComments", "manageSections", "readTips", "sendNewsletters"],
  admin: ["backOffice", "publish", "editEveryArticle", "moderateComments", "manageSections", "manageUsers", "readTips", "manageTipKeys", "sendNewsletters"],
};
const can = (role: Role, ability: Ability): boolean => ABILITIES[role].includes(ability);

interface Outcome {
  status: number;
  /** The `error` field the client must read and its stable `code`; checked whenever given. */
  error?: string;
  code?: string;
}
type Outcomes = Partial<Record<Role, Outcome>>;

const status = (code: number, error?: string, errorCode?: string): Outcome => ({ status: code, error, code: errorCode });
const LOGIN_REQUIRED_ADMIN = status(401, en.loginRequiredAdmin, "login_required_admin");
const SIGN_IN_REQUIRED = status(401, en.signInRequired, "sign_in_required");
const ADMIN_REQUIRED = status(403, en.adminRequired, "admin_required");
const ROLE_FORBIDDEN = status(403, en.roleForbidden, "role_forbidden");
const PUBLISH_FORBIDDEN = status(403, en.publishForbidden, "publish_forbidden");
const FORBIDDEN = status(403, en.forbidden, "forbidden");
const ARTICLE_NOT_FOUND = status(404, en.articleNotFound, "article_not_found");
const COMMENT_NOT_FOUND = status(404, en.commentNotFound, "comment_not_found");
const DOCUMENT_NOT_FOUND = status(404, en.documentNotFound, "document_not_found");
const DOCUMENT_NOT_PREPARED = status(409, en.documentNotPrepared, "document_not_prepared");
const DOCUMENT_NOT_PUBLISHED = status(409, en.documentNotPublished, "document_not_published");
const REAUTHENTICATION_REQUIRED = status(403, en.reauthenticationRequired, "reauthentication_required");

/** The outcome per role; a role for which `outcome` gives nothing has no case in the row. */
function perRole(outcome: (role: Role) => Outcome | undefined): Outcomes {
  const table: Outcomes = {};
  for (const role of ROLES) {
    const result = outcome(role);
    if (result) table[role] = result;
  }
  return table;
}
const everyone = (outcome: Outcome): Outcomes => perRole(() => outcome);
/** Back-office calls: guests are asked to log in, readers are told it is for the newsroom, and each newsroom role gets `newsroom(role)`. */
const backOffice = (newsroom: (role: Newsroom) => Outcome): Outcomes =>
  perRole((role) => (role === "guest" ? LOGIN_REQUIRED_ADMIN : role === "user" ? ADMIN_REQUIRED : newsroom(role)));
/** A back-office call that needs `ability`: a newsroom role without it is told its role does not allow it. */
const needs = (ability: Ability, success: number): Outcomes => backOffice((role) => (can(role, ability) ? status(success) : ROLE_FORBIDDEN));
/** Calls that need any account (commenting, bookmarking, own profile). */
const signedIn = (outcome: Outcome | ((role: Exclude<Role, "guest">) => Outcome)): Outcomes =>
  perRole((role) => (role === "guest" ? SIGN_IN_REQUIRED : typeof outcome === "function" ? outcome(role) : outcome));
/** Rows about the caller's own articles: only newsroom roles write any. */
const ownWork = (outcome: Outcome | ((role: Newsroom) => Outcome)): Outcomes =>
  perRole((role) => (!isNewsroom(role) ? undefined : typeof outcome === "function" ? outcome(role) : outcome));
/** Someone else's unpublished article (and what hangs on it) exists only for the roles that see every article. */
const othersDraft =
  (success: Outcome, hidden: Outcome = ARTICLE_NOT_FOUND) =>
  (role: Role): Outcome =>
    can(role, "editEveryArticle") ? success : hidden;
/** Pending comments, and comments on drafts, exist only for moderators. */
const moderatorsSee = (role: Role): Outcome => (can(role, "moderateComments") ? status(200) : COMMENT_NOT_FOUND);

// A valid 1×1 PNG, for the upload row.
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** The password newReader() registers with. */
const READER_PASSWORD = "reader-password-1";

let seq = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now().toString(36)}-${(seq += 1)}`;

interface Account {
  token: string;
  id: number;
}

interface Fixtures {
  userToken: string;
  userId: number;
  /** One signed-in account per promoted newsroom role. */
  staff: Record<Promoted, Account>;
  commenterToken: string;
  writerId: number;
  published: { id: number; slug: string; title: string };
  draft: { id: number; slug: string; title: string };
  approvedComment: number;
  pendingComment: number;
  /** Approved, but on a draft article: still not public. */
  approvedOnDraft: number;
  category: { id: number };
  tag: { id: number };
}
let fx!: Fixtures;

async function login(email: string, password: string): Promise<string> {
  const res = await call("/api/admin/login", { method: "POST", json: { username: email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** A new account with `role`: registered as a reader, promoted by the admin, then signed in. */
async function newStaff(role: Promoted): Promise<Account> {
  const reader = await newReader();
  const res = await call(`/api/users/${reader.user.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role } });
  if (res.status !== 200 || res.body.role !== role) throw new Error(`promote to ${role}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: await login(reader.user.email, READER_PASSWORD), id: reader.user.id };
}

async function postComment(articleId: number, token: string, content = unique("A comment")): Promise<number> {
  const res = await call(`/api/news/${articleId}/comments`, { method: "POST", token, json: { content } });
  if (res.status !== 201) throw new Error(`comment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function approve(commentId: number): Promise<void> {
  const res = await call(`/api/comments/${commentId}/approve`, { method: "PUT", token: await asAdmin() });
  if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The token a role sends; `fresh` gives a new session (of a new account, but for the admin). */
async function tokenFor(role: Role, fresh = false): Promise<string | null> {
  if (role === "guest") return null;
  if (role === "admin") return fresh ? login(TEST_ADMIN.email, TEST_ADMIN.password) : asAdmin();
  if (role === "user") return fresh ? (await newReader()).token : fx.userToken;
  return fresh ? (await newStaff(role)).token : fx.staff[role].token;
}

async function setPublished(slug: string, published: boolean): Promise<void> {
  const res = await call(`/api/news/${slug}`, {
    method: "PUT",
    token: await asAdmin(),
    json: { is_published: published ? "true" : "false" },
  });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * An article written by whoever holds `token`, as a draft; `published`: an admin then publishes it
 * (a contributor cannot publish their own).
 */
async function ownArticle(token: string | null, options: { published: boolean; writerId?: number }) {
  const res = await call("/api/news", {
    method: "POST",
    token,
    json: { title: unique("Own matrix article"), content: "<p>Own body.</p>", writer_id: options.writerId ?? fx.writerId, is_published: "false" },
  });
  if (res.status !== 201) throw new Error(`own article: ${res.status} ${JSON.stringify(res.body)}`);
  const article = { id: res.body.id as number, slug: res.body.slug as string, title: res.body.title as string };
  if (options.published) await setPublished(article.slug, true);
  return article;
}

/** A story of the admin's whose live coverage has begun; published unless `overrides` say otherwise. */
async function liveArticle(overrides: Record<string, unknown> = {}) {
  const article = await createArticle({ writer_id: fx.writerId, title: unique("Live matrix story"), ...overrides });
  const res = await call(`/api/news/${article.slug}/live`, { method: "PUT", token: await asAdmin(), json: {} });
  if (res.status !== 200) throw new Error(`live: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: article.id, slug: article.slug, title: article.title };
}

/** An update of the live story at `slug`, posted by the admin unless `token` is given. */
async function liveUpdate(slug: string, token?: string | null): Promise<{ id: number }> {
  const res = await call(`/api/news/${slug}/updates`, { method: "POST", token: token ?? (await asAdmin()), json: { body: "<p>Matrix update.</p>" } });
  if (res.status !== 201) throw new Error(`update: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.update;
}

/**
 * A story with two revisions, its first title and then ", revised": the caller's own draft when a
 * token is given, else a published story of the admin's.
 */
async function revisedArticle(token: string | null) {
  const article = token
    ? await ownArticle(token, { published: false })
    : await createArticle({ writer_id: fx.writerId, title: unique("Revised matrix article") });
  const edit = await call(`/api/news/${article.slug}`, { method: "PUT", token: token ?? (await asAdmin()), json: { title: `${article.title}, revised` } });
  if (edit.status !== 200) throw new Error(`revision: ${edit.status} ${JSON.stringify(edit.body)}`);
  const revisions = (await adminGet(`/api/news/${article.slug}/revisions`)).body.revisions as { id: number }[];
  return { slug: article.slug, title: article.title, first: revisions.at(-1)!.id, second: revisions[0]!.id };
}

/** A source's tip, whose id the admin finds first in the inbox, and a message sealed for it. */
async function freshTip(): Promise<Fresh> {
  const sent = await sendTip(call, { text: "Matrix tip" });
  const tipId = ((await adminGet("/api/tips/inbox")).body.tips[0] as { id: number }).id;
  return { sent, tipId, sealed: await sealedForBoth("Matrix answer", sent.newsroomKey, sent.source.publicKey) };
}

/** A first tip's request body, sealed to the newsroom's current key. */
async function tipRequest() {
  const setup = (await call("/api/tips/setup")).body as { publicKey: string; codenameSalt: string };
  const { keys, accessToken } = await sourceKeys(await newCodename(), setup.codenameSalt);
  return {
    public_key: setup.publicKey,
    source_public_key: keys.publicKey,
    access_token: accessToken,
    message: await sealedForBoth("Matrix tip", setup.publicKey, keys.publicKey),
    puzzle: await solvedPuzzle(call),
  };
}

/** What a row's `fresh` step may return; `token` (when present) replaces the role's usual token. */
type Fresh = Record<string, any> & { token?: string | null };

interface Row {
  method: Method;
  /** The route as app/routes.ts names it, plus what the row exercises. */
  route: string;
  fresh?: (role: Role) => Promise<Fresh>;
  path: (f: Fresh, role: Role) => string;
  body?: (f: Fresh, role: Role) => unknown;
  form?: (f: Fresh, role: Role) => FormData;
  /** A raw body, sent as application/octet-stream. */
  bytes?: (f: Fresh, role: Role) => Uint8Array;
  expected: Outcomes;
  /**
   * The action needs a session that has just proved itself (issue 35): the caller's session proves
   * its password first, so that a refusal is its role's, not a stale session's.
   */
  freshProof?: true;
  /** Runs after the call: `allowed` tells whether the role's call succeeded. */
  verify?: (f: Fresh, role: Role, allowed: boolean, res: ApiResponse) => Promise<void>;
}

/** A draft newsletter issue of the English edition, the admin's, with the matrix's published story. */
async function newsletterIssue(): Promise<Fresh> {
  const res = await call("/api/newsletter/issues", {
    method: "POST",
    token: await asAdmin(),
    json: { edition: "en", subject: "Matrix issue", intro: "Hello.", article_ids: [fx.published.id] },
  });
  if (res.status !== 201) throw new Error(`issue: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.issue.id };
}

/** The password of the account `role`'s token belongs to. */
const passwordOf = (role: Role) => (role === "admin" ? TEST_ADMIN.password : READER_PASSWORD);

async function adminGet(path: string): Promise<ApiResponse> {
  return call(path, { token: await asAdmin() });
}

const idsOf = (res: ApiResponse): number[] => res.body.articles.map((a: { id: number }) => a.id).sort((a: number, b: number) => a - b);
const sortedIds = (ids: (number | undefined)[]): (number | undefined)[] => [...ids].sort((a, b) => (a ?? 0) - (b ?? 0));

/** The articles a list row sets up: the admin's, and (for newsroom roles) the caller's own. */
type ListEntry = "theirPublished" | "theirDraft" | "ownPublished" | "ownDraft";
/** Which lists a role gets: a reader's, a contributor's or author's own, or every article. */
const listScope = (role: Role): "reader" | "own" | "every" => (can(role, "editEveryArticle") ? "every" : can(role, "backOffice") ? "own" : "reader");

/**
 * GET /api/news with `query`, over a writer of its own that has the admin's published article and
 * draft and, for newsroom roles, the caller's published article and draft (written on a new account,
 * so that account has no other article). `visible` names, per scope, what the list holds: exactly that.
 */
function listRow(query: string, visible: Record<"reader" | "own" | "every", ListEntry[]>): Row {
  const prefix = query ? `${query}&` : "";
  return {
    method: "GET",
    route: `/api/news (${query || "no status"})`,
    fresh: async (role) => {
      const writer = await createWriter();
      const entries: Partial<Record<ListEntry, number>> = {
        theirPublished: (await createArticle({ writer_id: writer.id })).id,
        theirDraft: (await createArticle({ writer_id: writer.id, is_published: "false" })).id,
      };
      if (!isNewsroom(role)) return { writer, entries };
      const token = await tokenFor(role, true);
      entries.ownPublished = (await ownArticle(token, { published: true, writerId: writer.id })).id;
      entries.ownDraft = (await ownArticle(token, { published: false, writerId: writer.id })).id;
      return { token, writer, entries };
    },
    path: (f) => `/api/news?${prefix}writer=${f.writer.id}&limit=100`,
    expected: everyone(status(200)),
    verify: async (f, role, _allowed, res) => {
      const scope = listScope(role);
      const wanted = sortedIds(visible[scope].map((entry) => f.entries[entry] as number | undefined));
      expect(wanted).not.toContain(undefined);
      expect(idsOf(res)).toEqual(wanted);
      expect(res.body.total).toBe(wanted.length);
      if (scope === "own" && query) {
        // Over the whole site, not only this writer: nothing but the caller's own articles.
        const whole = await call(`/api/news?${prefix}limit=100`, { token: f.token });
        expect(whole.status).toBe(200);
        expect(idsOf(whole)).toEqual(wanted);
        expect(whole.body.total).toBe(wanted.length);
      }
    },
  };
}

const rows: Row[] = [
  // Health
  { method: "GET", route: "/api/health", path: () => "/api/health", expected: everyone(status(200)) },
  { method: "GET", route: "/api/ready", path: () => "/api/ready", expected: everyone(status(200)) },

  // Sign-in, registration, sign-out: open to anyone
  {
    method: "POST",
    route: "/api/admin/login",
    fresh: async () => {
      const reader = await newReader();
      return { email: reader.user.email };
    },
    path: () => "/api/admin/login",
    body: (f) => ({ username: f.email, password: READER_PASSWORD }),
    expected: everyone(status(200)),
  },
  {
    method: "POST",
    route: "/api/users/register",
    path: () => "/api/users/register",
    body: () => ({ name: "Matrix Reader", email: uniqueEmail("matrix"), password: READER_PASSWORD }),
    expected: everyone(status(201)),
  },
  {
    method: "POST",
    route: "/api/users/logout",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/logout",
    expected: everyone(status(200)),
    verify: async (f, role) => {
      if (role === "guest") return;
      const me = await call("/api/users/me", { token: f.token });
      expect(me.status).toBe(401);
    },
  },

  // The signed-in user
  {
    method: "GET",
    route: "/api/session",
    path: () => "/api/session",
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/users/me",
    path: () => "/api/users/me",
    expected: signedIn(status(200)),
    verify: async (_f, role, _allowed, res) => {
      if (role !== "guest") expect(res.body.role).toBe(role);
    },
  },
  {
    method: "GET",
    route: "/api/users/me/bookmarks",
    path: () => "/api/users/me/bookmarks",
    expected: signedIn(status(200)),
  },
  {
    method: "POST",
    route: "/api/users/me/bookmarks/:articleId (published)",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => `/api/users/me/bookmarks/${fx.published.id}`,
    expected: signedIn(status(200)),
    verify: async (f, _role, allowed, res) => {
      if (!allowed) return;
      expect(res.body).toEqual({ bookmarked: true });
      const me = await call("/api/users/me", { token: f.token });
      expect(me.body.bookmarks).toEqual([String(fx.published.id)]);
    },
  },
  {
    method: "POST",
    route: "/api/users/me/bookmarks/:articleId (another's draft)",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => `/api/users/me/bookmarks/${fx.draft.id}`,
    expected: signedIn(othersDraft(status(200))),
    verify: async (f, role, allowed, res) => {
      if (role === "guest") return;
      const me = await call("/api/users/me", { token: f.token });
      // A fresh account but for the admin's (TEST_ADMIN's, which holds other rows' bookmarks).
      if (!allowed) expect(me.body.bookmarks).toEqual([]);
      else {
        expect(res.body).toEqual({ bookmarked: true });
        expect(me.body.bookmarks).toContain(String(fx.draft.id));
      }
    },
  },
  {
    method: "POST",
    route: "/api/users/me/bookmarks/:articleId (own draft)",
    fresh: async (role) => {
      const token = await tokenFor(role, true);
      return { token, article: await ownArticle(token, { published: false }) };
    },
    path: (f) => `/api/users/me/bookmarks/${f.article.id}`,
    expected: ownWork(status(200)),
    verify: async (f, _role, _allowed, res) => {
      expect(res.body).toEqual({ bookmarked: true });
      const me = await call("/api/users/me", { token: f.token });
      expect(me.body.bookmarks).toContain(String(f.article.id));
    },
  },

  // The caller's own sessions and password (issue 35), whatever the role. The admin's other
  // sessions and password are left alone: other test files use them at the same time.
  {
    method: "GET",
    route: "/api/users/me/sessions",
    path: () => "/api/users/me/sessions",
    expected: signedIn(status(200)),
    verify: async (_f, role, _allowed, res) => {
      if (role !== "guest") expect(res.body.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    },
  },
  {
    method: "DELETE",
    route: "/api/users/me/sessions (own other sessions)",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/sessions",
    expected: perRole((role) => (role === "admin" ? undefined : role === "guest" ? SIGN_IN_REQUIRED : status(200))),
    verify: async (f, role) => {
      if (role === "guest") return;
      expect((await call("/api/users/me/sessions", { token: f.token })).body).toHaveLength(1);
    },
  },
  {
    method: "DELETE",
    route: "/api/users/me/sessions/:id (own current session)",
    fresh: async (role) => {
      const token = await tokenFor(role, true);
      const sessions = token ? (await call("/api/users/me/sessions", { token })).body : [];
      return { token, id: sessions.find((session: { current: boolean }) => session.current)?.id ?? 1 };
    },
    path: (f) => `/api/users/me/sessions/${f.id}`,
    expected: signedIn(status(200)),
    verify: async (f, role) => {
      if (role !== "guest") expect((await call("/api/users/me", { token: f.token })).status).toBe(401);
    },
  },
  {
    method: "DELETE",
    route: "/api/users/me/sessions/:id (another account's session)",
    fresh: async () => {
      const victim = await newReader();
      return { victimToken: victim.token, id: (await call("/api/users/me/sessions", { token: victim.token })).body[0].id };
    },
    path: (f) => `/api/users/me/sessions/${f.id}`,
    expected: signedIn(status(404, en.sessionNotFound, "session_not_found")),
    verify: async (f) => {
      expect((await call("/api/users/me", { token: f.victimToken })).status).toBe(200);
    },
  },
  {
    method: "PUT",
    route: "/api/users/me/password (own password)",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/password",
    body: () => ({ current_password: READER_PASSWORD, new_password: "monsoon-ledger-quietly-9" }),
    expected: perRole((role) => (role === "admin" ? undefined : role === "guest" ? SIGN_IN_REQUIRED : status(200))),
    verify: async (f, role) => {
      if (role !== "guest") expect((await call("/api/users/me", { token: f.token })).status).toBe(200);
    },
  },

  // Users (admin area; anyone else may edit only their own account, and never their own role)
  { method: "GET", route: "/api/users", path: () => "/api/users", expected: needs("manageUsers", 200) },
  {
    method: "PUT",
    route: "/api/users/:id (another account)",
    fresh: async () => {
      const victim = await newReader();
      return { victim: victim.user, victimToken: victim.token, name: unique("Renamed") };
    },
    path: (f) => `/api/users/${f.victim.id}`,
    body: (f) => ({ name: f.name }),
    expected: signedIn((role) => (can(role, "manageUsers") ? status(200) : FORBIDDEN)),
    verify: async (f, _role, allowed) => {
      const me = await call("/api/users/me", { token: f.victimToken });
      expect(me.body.name).toBe(allowed ? f.name : f.victim.name);
    },
  },
  {
    method: "PUT",
    route: "/api/users/:id (another account's role)",
    fresh: async () => {
      const victim = await newReader();
      return { victim: victim.user, victimToken: victim.token };
    },
    path: (f) => `/api/users/${f.victim.id}`,
    body: () => ({ role: "author" }),
    freshProof: true,
    expected: signedIn((role) => (can(role, "manageUsers") ? status(200) : FORBIDDEN)),
    verify: async (f, _role, allowed) => {
      const me = await call("/api/users/me", { token: f.victimToken });
      expect(me.body.role).toBe(allowed ? "author" : "user");
    },
  },
  {
    method: "PUT",
    route: "/api/users/:id (own account, same name)",
    fresh: async (role) => {
      const token = await tokenFor(role);
      const me = await call("/api/users/me", { token });
      return { me: me.body };
    },
    path: (f) => `/api/users/${f.me.id}`,
    body: (f) => ({ name: f.me.name }),
    expected: perRole((role) => (role === "guest" ? undefined : status(200))),
  },
  {
    method: "PUT",
    route: "/api/users/:id (own account, promoting oneself to admin)",
    fresh: async (role) => {
      const token = await tokenFor(role, true);
      const me = await call("/api/users/me", { token });
      return { token, me: me.body };
    },
    path: (f) => `/api/users/${f.me.id}`,
    body: () => ({ role: "admin" }),
    // The admin already is one: nothing to refuse.
    expected: perRole((role) => (role === "guest" || role === "admin" ? undefined : status(403, en.roleChangeForbidden, "role_change_forbidden"))),
    verify: async (f, role) => {
      expect((await call("/api/users/me", { token: f.token })).body.role).toBe(role);
    },
  },
  {
    method: "DELETE",
    route: "/api/users/:id",
    fresh: async () => ({ victim: (await newReader()).user }),
    path: (f) => `/api/users/${f.victim.id}`,
    freshProof: true,
    expected: needs("manageUsers", 200),
    verify: async (f, _role, allowed) => {
      const list = await adminGet("/api/users");
      expect(list.body.some((u: { id: number }) => u.id === f.victim.id)).toBe(!allowed);
    },
  },

  // Articles: lists. Readers get published articles; contributors and authors get what readers get
  // without a status, and only their own with one; editors and admins every article.
  { method: "GET", route: "/api/news", path: () => "/api/news", expected: everyone(status(200)) },
  listRow("", {
    reader: ["theirPublished"],
    own: ["theirPublished", "ownPublished"],
    every: ["theirPublished", "theirDraft", "ownPublished", "ownDraft"],
  }),
  listRow("status=all", {
    reader: ["theirPublished"],
    own: ["ownPublished", "ownDraft"],
    every: ["theirPublished", "theirDraft", "ownPublished", "ownDraft"],
  }),
  listRow("status=draft", {
    reader: ["theirPublished"],
    own: ["ownDraft"],
    every: ["theirDraft", "ownDraft"],
  }),
  listRow("status=published", {
    reader: ["theirPublished"],
    own: ["ownPublished"],
    every: ["theirPublished", "ownPublished"],
  }),

  // Articles: writing
  {
    method: "POST",
    route: "/api/news (draft)",
    fresh: async (role) => ({ title: unique(`Matrix article by ${role}`) }),
    path: () => "/api/news",
    body: (f) => ({ title: f.title, content: "<p>Body.</p>", writer_id: fx.writerId, is_published: "false" }),
    expected: needs("backOffice", 201),
    verify: async (f, _role, allowed) => {
      const found = await adminGet(`/api/news?status=all&search=${encodeURIComponent(f.title)}`);
      // Search also offers similar titles (its trigram fallback): look for this exact one.
      const same = found.body.articles.filter((a: { title: string }) => a.title === f.title);
      expect(same).toHaveLength(allowed ? 1 : 0);
      if (allowed) expect(same[0].is_published).toBe(false);
    },
  },
  {
    method: "POST",
    route: "/api/news (published)",
    fresh: async (role) => ({ title: unique(`Published matrix article by ${role}`) }),
    path: () => "/api/news",
    body: (f) => ({ title: f.title, content: "<p>Body.</p>", writer_id: fx.writerId, is_published: "true" }),
    expected: backOffice((role) => (can(role, "publish") ? status(201) : PUBLISH_FORBIDDEN)),
    verify: async (f, _role, allowed) => {
      const found = await adminGet(`/api/news?status=all&search=${encodeURIComponent(f.title)}`);
      const same = found.body.articles.filter((a: { title: string }) => a.title === f.title);
      expect(same).toHaveLength(allowed ? 1 : 0);
      if (allowed) expect(same[0].is_published).toBe(true);
    },
  },
  {
    method: "GET",
    route: "/api/news/:slug (published)",
    path: () => `/api/news/${fx.published.slug}`,
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/news/:slug (another's draft)",
    path: () => `/api/news/${fx.draft.slug}`,
    expected: perRole(othersDraft(status(200))),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.id).toBe(fx.draft.id);
    },
  },
  {
    method: "GET",
    route: "/api/news/:slug (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    expected: ownWork(status(200)),
    verify: async (f, _role, _allowed, res) => {
      expect(res.body).toMatchObject({ id: f.article.id, title: f.article.title, is_published: false });
      // Still a draft: readers do not see it.
      expect((await call(`/api/news/${f.article.slug}`)).status).toBe(404);
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug (another's published article)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }), title: unique("Edited title") }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: (f) => ({ title: f.title }),
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      const article = await adminGet(`/api/news/${f.article.slug}`);
      expect(article.body.title).toBe(allowed ? f.title : f.article.title);
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug (another's draft)",
    fresh: async () => ({
      article: await createArticle({ writer_id: fx.writerId, is_published: "false" }),
      title: unique("Edited draft title"),
    }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: (f) => ({ title: f.title }),
    expected: backOffice(othersDraft(status(200))),
    verify: async (f, _role, allowed) => {
      const article = await adminGet(`/api/news/${f.article.slug}`);
      expect(article.body).toMatchObject({ title: allowed ? f.title : f.article.title, is_published: false });
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug (own draft, new title)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }), title: unique("Own edited title") }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: (f) => ({ title: f.title }),
    expected: ownWork(status(200)),
    verify: async (f) => {
      const article = await adminGet(`/api/news/${f.article.slug}`);
      expect(article.body).toMatchObject({ title: f.title, is_published: false });
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug (own draft, publishing it)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: () => ({ is_published: "true" }),
    expected: ownWork((role) => (can(role, "publish") ? status(200) : PUBLISH_FORBIDDEN)),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.is_published).toBe(allowed);
      expect((await call(`/api/news/${f.article.slug}`)).status).toBe(allowed ? 200 : 404);
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug (own article an admin published, new title)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: true }), title: unique("Own edited title") }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: (f) => ({ title: f.title }),
    // Once published, a contributor's article goes through an editor.
    expected: ownWork((role) => (role === "contributor" ? ROLE_FORBIDDEN : status(200))),
    verify: async (f, _role, allowed) => {
      const article = await adminGet(`/api/news/${f.article.slug}`);
      expect(article.body).toMatchObject({ title: allowed ? f.title : f.article.title, is_published: true });
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug (own article an admin published, unpublishing it)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: true }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: () => ({ is_published: "false" }),
    expected: ownWork((role) => (role === "contributor" ? ROLE_FORBIDDEN : status(200))),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.is_published).toBe(!allowed);
      expect((await call(`/api/news/${f.article.slug}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug (another's published article)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug (another's draft)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId, is_published: "false" }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    expected: backOffice(othersDraft(status(200))),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    expected: ownWork(status(200)),
    verify: async (f) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).status).toBe(404);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug (own article an admin published)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: true }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    expected: ownWork((role) => (role === "contributor" ? ROLE_FORBIDDEN : status(200))),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/translation (another's published article)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }) }),
    path: (f) => `/api/news/${f.article.slug}/translation`,
    expected: needs("backOffice", 201),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.translation !== null).toBe(allowed);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/translation (another's draft)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId, is_published: "false" }) }),
    path: (f) => `/api/news/${f.article.slug}/translation`,
    expected: backOffice(othersDraft(status(201))),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.translation !== null).toBe(allowed);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/translation (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.slug}/translation`,
    expected: ownWork(status(201)),
    verify: async (f) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.translation).not.toBeNull();
    },
  },

  // Review (issue 15)
  { method: "GET", route: "/api/review", path: () => "/api/review", expected: needs("editEveryArticle", 200) },

  // Corrections and updates (issue 15)
  { method: "GET", route: "/api/corrections", path: () => "/api/corrections", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/news/:slug/notes",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }) }),
    path: (f) => `/api/news/${f.article.slug}/notes`,
    body: () => ({ kind: "correction", text: "A figure was wrong." }),
    expected: needs("editEveryArticle", 201),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.notes).toHaveLength(allowed ? 1 : 0);
    },
  },
  {
    method: "PUT",
    route: "/api/notes/:id",
    fresh: async () => {
      const article = await createArticle({ writer_id: fx.writerId });
      const note = await call(`/api/news/${article.slug}/notes`, { method: "POST", token: await asAdmin(), json: { text: "First wording." } });
      expect(note.status).toBe(201);
      return { article, note: note.body };
    },
    path: (f) => `/api/notes/${f.note.id}`,
    body: () => ({ kind: "correction", text: "Second wording." }),
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.notes[0].text).toBe(allowed ? "Second wording." : "First wording.");
    },
  },

  // Live coverage (issue 39): whoever may edit a story manages its coverage; authors and up post
  // updates to any live story they can see, and change their own; editors change any.
  {
    method: "PUT",
    route: "/api/news/:slug/live (another's published article)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }) }),
    path: (f) => `/api/news/${f.article.slug}/live`,
    body: () => ({ key_points: "<p>Counting has begun.</p>" }),
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.live).toEqual(
        allowed ? expect.objectContaining({ key_points: "<p>Counting has begun.</p>" }) : null,
      );
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug/live (own draft)",
    fresh: async (role) => {
      const token = await tokenFor(role, true);
      return { token, article: await ownArticle(token, { published: false }) };
    },
    path: (f) => `/api/news/${f.article.slug}/live`,
    body: () => ({}),
    expected: ownWork(status(200)),
    verify: async (f) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.live).toMatchObject({ ended_at: null });
    },
  },
  {
    method: "GET",
    route: "/api/news/:slug/updates (published live story)",
    fresh: async () => {
      const article = await liveArticle();
      return { article, update: await liveUpdate(article.slug) };
    },
    path: (f) => `/api/news/${f.article.slug}/updates`,
    expected: everyone(status(200)),
    verify: async (f, _role, _allowed, res) => {
      expect(res.body.updates.map((update: { id: number }) => update.id)).toEqual([f.update.id]);
    },
  },
  {
    method: "GET",
    route: "/api/news/:slug/updates (another's draft)",
    fresh: async () => {
      const article = await liveArticle({ is_published: "false" });
      return { article, update: await liveUpdate(article.slug) };
    },
    path: (f) => `/api/news/${f.article.slug}/updates?after=0`,
    expected: perRole(othersDraft(status(200))),
    verify: async (f, _role, allowed, res) => {
      if (allowed) expect(res.body.updates.map((update: { id: number }) => update.id)).toEqual([f.update.id]);
      else expect(JSON.stringify(res.body)).not.toContain("Matrix update");
    },
  },
  // The stream stays open for as long as it is read: HEAD asks the same question (who may follow
  // it) and answers with its headers alone. A refusal's body is not sent to a HEAD: its status says it.
  {
    method: "HEAD",
    route: "/api/news/:slug/updates/stream (published live story)",
    fresh: async () => ({ article: await liveArticle() }),
    path: (f) => `/api/news/${f.article.slug}/updates/stream`,
    expected: everyone(status(200)),
    verify: async (_f, _role, _allowed, res) => {
      expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    },
  },
  {
    method: "HEAD",
    route: "/api/news/:slug/updates/stream (another's draft)",
    fresh: async () => ({ article: await liveArticle({ is_published: "false" }) }),
    path: (f) => `/api/news/${f.article.slug}/updates/stream`,
    expected: perRole(othersDraft(status(200), status(404))),
  },
  {
    method: "POST",
    route: "/api/news/:slug/updates",
    fresh: async () => ({ article: await liveArticle() }),
    path: (f) => `/api/news/${f.article.slug}/updates`,
    body: () => ({ body: "<p>Matrix post.</p>" }),
    expected: needs("publish", 201),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/news/${f.article.slug}/updates`)).body.updates).toHaveLength(allowed ? 1 : 0);
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug/updates/:id (another's update)",
    fresh: async () => {
      const article = await liveArticle();
      return { article, update: await liveUpdate(article.slug) };
    },
    path: (f) => `/api/news/${f.article.slug}/updates/${f.update.id}`,
    body: () => ({ body: "<p>Rewritten.</p>" }),
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      const [update] = (await call(`/api/news/${f.article.slug}/updates`)).body.updates;
      expect(update.body).toBe(allowed ? "<p>Rewritten.</p>" : "<p>Matrix update.</p>");
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug/updates/:id (own update)",
    fresh: async (role) => {
      const token = await tokenFor(role, true);
      const article = await liveArticle();
      return { token, article, update: await liveUpdate(article.slug, token) };
    },
    path: (f) => `/api/news/${f.article.slug}/updates/${f.update.id}`,
    body: () => ({ pinned: true }),
    expected: perRole((role) => (can(role, "publish") ? status(200) : undefined)),
    verify: async (f) => {
      expect((await call(`/api/news/${f.article.slug}/updates`)).body.updates[0].pinned).toBe(true);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug/updates/:id (another's update)",
    fresh: async () => {
      const article = await liveArticle();
      return { article, update: await liveUpdate(article.slug) };
    },
    path: (f) => `/api/news/${f.article.slug}/updates/${f.update.id}`,
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/news/${f.article.slug}/updates`)).body.updates).toHaveLength(allowed ? 0 : 1);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug/updates/:id (own update)",
    fresh: async (role) => {
      const token = await tokenFor(role, true);
      const article = await liveArticle();
      return { token, article, update: await liveUpdate(article.slug, token) };
    },
    path: (f) => `/api/news/${f.article.slug}/updates/${f.update.id}`,
    expected: perRole((role) => (can(role, "publish") ? status(200) : undefined)),
    verify: async (f) => {
      expect((await call(`/api/news/${f.article.slug}/updates`)).body.updates).toEqual([]);
    },
  },

  // Revisions (issue 15): whoever may change a story reads and restores its revisions.
  {
    method: "GET",
    route: "/api/news/:slug/revisions (another's published article)",
    fresh: async () => ({ article: await revisedArticle(null) }),
    path: (f) => `/api/news/${f.article.slug}/revisions`,
    expected: needs("editEveryArticle", 200),
  },
  {
    method: "GET",
    route: "/api/news/:slug/revisions (own draft)",
    fresh: async (role) => ({ article: await revisedArticle(await tokenFor(role)) }),
    path: (f) => `/api/news/${f.article.slug}/revisions`,
    expected: ownWork(status(200)),
  },
  {
    method: "GET",
    route: "/api/news/:slug/revisions/compare",
    fresh: async () => ({ article: await revisedArticle(null) }),
    path: (f) => `/api/news/${f.article.slug}/revisions/compare?from=${f.article.first}&to=${f.article.second}`,
    expected: needs("editEveryArticle", 200),
  },
  {
    method: "GET",
    route: "/api/news/:slug/revisions/:id",
    fresh: async () => ({ article: await revisedArticle(null) }),
    path: (f) => `/api/news/${f.article.slug}/revisions/${f.article.first}`,
    expected: needs("editEveryArticle", 200),
  },
  {
    method: "POST",
    route: "/api/news/:slug/revisions/:id/restore (another's published article)",
    fresh: async () => ({ article: await revisedArticle(null) }),
    path: (f) => `/api/news/${f.article.slug}/revisions/${f.article.first}/restore`,
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.title).toBe(allowed ? f.article.title : `${f.article.title}, revised`);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/revisions/:id/restore (own draft)",
    fresh: async (role) => ({ article: await revisedArticle(await tokenFor(role)) }),
    path: (f) => `/api/news/${f.article.slug}/revisions/${f.article.first}/restore`,
    expected: ownWork(status(200)),
    verify: async (f) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.title).toBe(f.article.title);
    },
  },

  // A read's beacon: anyone, and nothing of the caller is used.
  { method: "POST", route: "/api/reads", path: () => `/api/reads?article_id=${fx.published.id}`, expected: everyone(status(204)) },

  // The tip line (issue 17): a source needs no account, and a session changes nothing for them;
  // the inbox is for editors and admins, the key for admins.
  { method: "GET", route: "/api/tips/setup", path: () => "/api/tips/setup", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/tips",
    fresh: async () => ({ tip: await tipRequest() }),
    path: () => "/api/tips",
    body: (f) => f.tip,
    expected: everyone(status(201)),
  },
  { method: "GET", route: "/api/tips/puzzle", path: () => "/api/tips/puzzle", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/tips/attachments",
    fresh: async () => ({ puzzle: await solvedPuzzle(call) }),
    path: () => "/api/tips/attachments",
    body: (f) => ({ size: SMALLEST_ATTACHMENT, puzzle: f.puzzle }),
    expected: everyone(status(201)),
  },
  {
    method: "PUT",
    route: "/api/tips/attachments/:id/parts/:part",
    fresh: async () => ({
      attachment: (await call("/api/tips/attachments", { method: "POST", json: { size: SMALLEST_ATTACHMENT, puzzle: await solvedPuzzle(call) } })).body.id,
    }),
    path: (f) => `/api/tips/attachments/${f.attachment}/parts/0`,
    bytes: () => new Uint8Array(SMALLEST_ATTACHMENT),
    expected: everyone(status(204)),
  },
  {
    method: "POST",
    route: "/api/tips/conversation",
    fresh: async () => ({ sent: await sendTip(call, { text: "Matrix tip" }) }),
    path: () => "/api/tips/conversation",
    body: (f) => ({ access_token: f.sent.accessToken }),
    expected: everyone(status(200)),
  },
  {
    method: "POST",
    route: "/api/tips/conversation/messages",
    fresh: freshTip,
    path: () => "/api/tips/conversation/messages",
    body: (f) => ({ access_token: f.sent.accessToken, public_key: f.sent.newsroomKey, message: f.sealed }),
    expected: everyone(status(201)),
  },
  { method: "GET", route: "/api/tips/keys", path: () => "/api/tips/keys", expected: needs("readTips", 200) },
  {
    method: "POST",
    route: "/api/tips/keys",
    fresh: async () => {
      const { body } = await newTipKey(call, "matrix passphrase");
      return { key: body.public_key, body };
    },
    path: () => "/api/tips/keys",
    body: (f) => f.body,
    freshProof: true,
    expected: needs("manageTipKeys", 201),
    verify: async (f, _role, allowed) => {
      const keys = (await adminGet("/api/tips/keys")).body as { public_key: string }[];
      expect(keys.some((k) => k.public_key === f.key)).toBe(allowed);
    },
  },
  {
    method: "POST",
    route: "/api/tips/key-notice",
    fresh: async () => ({ keyId: ((await adminGet("/api/tips/keys")).body as { id: number }[])[0]!.id }),
    path: () => "/api/tips/key-notice",
    body: (f) => ({ key_id: f.keyId }),
    expected: needs("readTips", 200),
  },
  { method: "GET", route: "/api/tips/inbox", path: () => "/api/tips/inbox", expected: needs("readTips", 200) },
  { method: "GET", route: "/api/tips/inbox/:id", fresh: freshTip, path: (f) => `/api/tips/inbox/${f.tipId}`, expected: needs("readTips", 200) },
  {
    method: "DELETE",
    route: "/api/tips/inbox/:id",
    fresh: freshTip,
    path: (f) => `/api/tips/inbox/${f.tipId}`,
    expected: needs("readTips", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/tips/inbox/${f.tipId}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "POST",
    route: "/api/tips/inbox/:id/replies",
    fresh: freshTip,
    path: (f) => `/api/tips/inbox/${f.tipId}/replies`,
    body: (f) => ({ public_key: f.sent.newsroomKey, message: f.sealed }),
    expected: needs("readTips", 201),
  },
  {
    method: "POST",
    route: "/api/tips/inbox/:id/keep",
    fresh: freshTip,
    path: (f) => `/api/tips/inbox/${f.tipId}/keep`,
    body: () => ({ keep: true }),
    expected: needs("readTips", 200),
  },
  {
    method: "GET",
    route: "/api/tips/inbox/:id/attachments/:attachment",
    fresh: async () => {
      const sent = await sendTip(call, { text: "Matrix tip with a file" }, [{ name: "a.txt", type: "text/plain", bytes: new Uint8Array([1, 2, 3]) }]);
      const tipId = ((await adminGet("/api/tips/inbox")).body.tips[0] as { id: number }).id;
      const attachment = (await adminGet(`/api/tips/inbox/${tipId}`)).body.messages[0].attachments[0].id as string;
      return { sent, tipId, attachment };
    },
    path: (f) => `/api/tips/inbox/${f.tipId}/attachments/${f.attachment}`,
    expected: needs("readTips", 200),
  },

  // Audit trail (issue 15)
  { method: "GET", route: "/api/audit", path: () => "/api/audit", expected: needs("manageUsers", 200) },
  {
    method: "GET",
    route: "/api/news/:slug/review (another's draft)",
    path: () => `/api/news/${fx.draft.slug}/review`,
    expected: backOffice(othersDraft(status(200))),
  },
  {
    method: "GET",
    route: "/api/news/:slug/review (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.slug}/review`,
    expected: ownWork(status(200)),
  },
  {
    method: "POST",
    route: "/api/news/:slug/review (another's draft)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId, is_published: "false" }) }),
    path: (f) => `/api/news/${f.article.slug}/review`,
    body: () => ({ note: "Ready for the desk." }),
    expected: backOffice(othersDraft(status(200))),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}/review`)).body.submitted_at !== null).toBe(allowed);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/review (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.slug}/review`,
    expected: ownWork(status(200)),
    verify: async (f) => {
      expect((await adminGet(`/api/news/${f.article.slug}/review`)).body.submitted_at).not.toBeNull();
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug/review (legal review)",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId, is_published: "false" }) }),
    path: (f) => `/api/news/${f.article.slug}/review`,
    body: () => ({ legal_review: true }),
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}/review`)).body.legal_review).toBe(allowed);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/review/return",
    fresh: async () => {
      const article = await createArticle({ writer_id: fx.writerId, is_published: "false" });
      expect((await call(`/api/news/${article.slug}/review`, { method: "POST", token: await asAdmin(), json: {} })).status).toBe(200);
      return { article };
    },
    path: (f) => `/api/news/${f.article.slug}/review/return`,
    body: () => ({ note: "Check the second source." }),
    expected: needs("editEveryArticle", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}/review`)).body.submitted_at === null).toBe(allowed);
    },
  },

  // Comments of an article
  {
    method: "GET",
    route: "/api/news/:id/comments (published)",
    path: () => `/api/news/${fx.published.id}/comments`,
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/news/:id/comments (another's draft)",
    path: () => `/api/news/${fx.draft.id}/comments`,
    expected: perRole(othersDraft(status(200))),
  },
  {
    method: "GET",
    route: "/api/news/:id/comments (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.id}/comments`,
    expected: ownWork(status(200)),
  },
  {
    method: "POST",
    route: "/api/news/:id/comments (published)",
    fresh: async (role) => ({ content: unique(`A matrix comment by ${role}`) }),
    path: () => `/api/news/${fx.published.id}/comments`,
    body: (f) => ({ content: f.content }),
    expected: signedIn(status(201)),
    verify: async (f, _role, allowed, res) => {
      const held = await adminGet(`/api/news/${fx.published.id}/comments`);
      expect(held.body.filter((c: { content: string }) => c.content === f.content)).toHaveLength(allowed ? 1 : 0);
      if (!allowed) return;
      // A new comment awaits approval, and is not public until then.
      expect(res.body.is_approved).toBe(false);
      expect((await call(`/api/comments/${res.body.id}`)).status).toBe(404);
    },
  },
  {
    method: "POST",
    route: "/api/news/:id/comments (another's draft)",
    fresh: async (role) => ({ content: unique(`A comment on a draft by ${role}`) }),
    path: () => `/api/news/${fx.draft.id}/comments`,
    body: (f) => ({ content: f.content }),
    expected: signedIn(othersDraft(status(201))),
    verify: async (f, _role, allowed) => {
      const held = await adminGet(`/api/news/${fx.draft.id}/comments`);
      expect(held.body.filter((c: { content: string }) => c.content === f.content)).toHaveLength(allowed ? 1 : 0);
    },
  },
  {
    method: "POST",
    route: "/api/news/:id/comments (own draft)",
    fresh: async (role) => ({ article: await ownArticle(await tokenFor(role), { published: false }) }),
    path: (f) => `/api/news/${f.article.id}/comments`,
    body: () => ({ content: "A comment on one's own draft." }),
    expected: ownWork(status(201)),
    verify: async (f, _role, _allowed, res) => {
      expect(res.body).toMatchObject({ article_id: f.article.id, is_approved: false });
    },
  },

  // Comments
  { method: "GET", route: "/api/comments", path: () => "/api/comments", expected: everyone(status(200)) },
  {
    method: "GET",
    route: "/api/comments/:id (approved)",
    path: () => `/api/comments/${fx.approvedComment}`,
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/comments/:id (pending)",
    path: () => `/api/comments/${fx.pendingComment}`,
    expected: perRole(moderatorsSee),
  },
  {
    method: "GET",
    route: "/api/comments/:id (approved, on a draft)",
    path: () => `/api/comments/${fx.approvedOnDraft}`,
    expected: perRole(moderatorsSee),
  },
  {
    method: "DELETE",
    route: "/api/comments/:id",
    fresh: async () => ({ comment: await postComment(fx.published.id, fx.commenterToken) }),
    path: (f) => `/api/comments/${f.comment}`,
    expected: needs("moderateComments", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/comments/${f.comment}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "PUT",
    route: "/api/comments/:id/approve",
    fresh: async () => ({ comment: await postComment(fx.published.id, fx.commenterToken) }),
    path: (f) => `/api/comments/${f.comment}/approve`,
    expected: needs("moderateComments", 200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/comments/${f.comment}`)).body.is_approved).toBe(allowed);
      expect((await call(`/api/comments/${f.comment}`)).status).toBe(allowed ? 200 : 404);
    },
  },

  // Categories
  { method: "GET", route: "/api/categories", path: () => "/api/categories", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/categories",
    fresh: async (role) => ({ name: unique(`Matrix category ${role}`) }),
    path: () => "/api/categories",
    body: (f) => ({ name: f.name }),
    expected: needs("manageSections", 201),
    verify: async (f, _role, allowed) => {
      const list = await call("/api/categories");
      expect(list.body.some((c: { name: string }) => c.name === f.name)).toBe(allowed);
    },
  },
  {
    method: "GET",
    route: "/api/categories/:id",
    path: () => `/api/categories/${fx.category.id}`,
    expected: everyone(status(200)),
  },
  {
    method: "PUT",
    route: "/api/categories/:id",
    fresh: async () => ({ category: await createCategory(), name: unique("Renamed category") }),
    path: (f) => `/api/categories/${f.category.id}`,
    body: (f) => ({ name: f.name }),
    expected: needs("manageSections", 200),
    verify: async (f, _role, allowed) => {
      const category = await call(`/api/categories/${f.category.id}`);
      expect(category.body.name).toBe(allowed ? f.name : f.category.name);
    },
  },
  {
    method: "DELETE",
    route: "/api/categories/:id",
    fresh: async () => ({ category: await createCategory() }),
    path: (f) => `/api/categories/${f.category.id}`,
    expected: needs("manageSections", 200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/categories/${f.category.id}`)).status).toBe(allowed ? 404 : 200);
    },
  },

  // Tags
  { method: "GET", route: "/api/tags", path: () => "/api/tags", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/tags",
    fresh: async (role) => ({ name: unique(`Matrix tag ${role}`) }),
    path: () => "/api/tags",
    body: (f) => ({ name: f.name }),
    expected: needs("manageSections", 201),
    verify: async (f, _role, allowed) => {
      const list = await call("/api/tags");
      expect(list.body.some((t: { name: string }) => t.name === f.name)).toBe(allowed);
    },
  },
  { method: "GET", route: "/api/tags/:id", path: () => `/api/tags/${fx.tag.id}`, expected: everyone(status(200)) },
  {
    method: "PUT",
    route: "/api/tags/:id",
    fresh: async () => ({ tag: await createTag(), name: unique("Renamed tag") }),
    path: (f) => `/api/tags/${f.tag.id}`,
    body: (f) => ({ name: f.name }),
    expected: needs("manageSections", 200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/tags/${f.tag.id}`)).body.name).toBe(allowed ? f.name : f.tag.name);
    },
  },
  {
    method: "DELETE",
    route: "/api/tags/:id",
    fresh: async () => ({ tag: await createTag() }),
    path: (f) => `/api/tags/${f.tag.id}`,
    expected: needs("manageSections", 200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/tags/${f.tag.id}`)).status).toBe(allowed ? 404 : 200);
    },
  },

  // Writers
  { method: "GET", route: "/api/writers", path: () => "/api/writers", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/writers",
    fresh: async (role) => ({ name: unique(`Matrix writer ${role}`) }),
    path: () => "/api/writers",
    body: (f) => ({ name: f.name, email: uniqueEmail("writer"), bio: "Covers courts." }),
    expected: needs("manageSections", 201),
    verify: async (f, _role, allowed) => {
      const list = await call("/api/writers");
      expect(list.body.some((w: { name: string }) => w.name === f.name)).toBe(allowed);
    },
  },
  {
    method: "GET",
    route: "/api/writers/:id",
    path: () => `/api/writers/${fx.writerId}`,
    expected: everyone(status(200)),
  },
  {
    method: "PUT",
    route: "/api/writers/:id",
    fresh: async () => ({ writer: await createWriter(), name: unique("Renamed writer") }),
    path: (f) => `/api/writers/${f.writer.id}`,
    body: (f) => ({ name: f.name, email: f.writer.email, bio: f.writer.bio }),
    expected: needs("manageSections", 200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/writers/${f.writer.id}`)).body.name).toBe(allowed ? f.name : f.writer.name);
    },
  },
  {
    method: "DELETE",
    route: "/api/writers/:id",
    fresh: async () => ({ writer: await createWriter() }),
    path: (f) => `/api/writers/${f.writer.id}`,
    expected: needs("manageSections", 200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/writers/${f.writer.id}`)).status).toBe(allowed ? 404 : 200);
    },
  },

  // Upload
  {
    method: "POST",
    route: "/api/upload",
    path: () => "/api/upload",
    form: () => {
      const form = new FormData();
      form.set("media", new File([PNG_1X1], "pixel.png", { type: "image/png" }));
      return form;
    },
    expected: needs("backOffice", 201),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.url).toMatch(/^\/uploads\//);
    },
  },

  // Evidence documents (issue 38): another's unpublished document exists only for editors and admins.
  {
    method: "GET",
    route: "/api/documents",
    fresh: async () => examinedDocument(),
    path: () => "/api/documents?limit=100",
    expected: needs("backOffice", 200),
    verify: async (f, role, allowed, res) => {
      if (allowed) expect(res.body.documents.map((d: { id: number }) => d.id).includes(f.id)).toBe(can(role, "editEveryArticle"));
    },
  },
  {
    method: "POST",
    route: "/api/documents",
    path: () => "/api/documents",
    form: () => {
      const form = new FormData();
      form.set("file", new File([Buffer.from("%PDF-1.7\n%%EOF\n")], "papers.pdf", { type: "application/pdf" }));
      form.set("title_en", unique("Matrix document"));
      return form;
    },
    expected: needs("backOffice", 201),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.document).toMatchObject({ status: "examining", findings: [] });
    },
  },
  {
    method: "GET",
    route: "/api/documents/:id (another's unpublished)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}`,
    expected: perRole((role) => (can(role, "editEveryArticle") ? status(200) : DOCUMENT_NOT_FOUND)),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.document).toHaveProperty("findings");
    },
  },
  {
    method: "POST",
    route: "/api/documents/:id/prepare (another's)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}/prepare`,
    body: () => ({ flatten: false }),
    expected: backOffice((role) => (can(role, "editEveryArticle") ? status(202) : DOCUMENT_NOT_FOUND)),
  },
  {
    method: "POST",
    route: "/api/documents/:id/prepare (own document)",
    fresh: async (role) => {
      const { id, owner } = await examinedDocument(await tokenFor(role, true));
      return { id, token: owner };
    },
    path: (f) => `/api/documents/${f.id}/prepare`,
    body: () => ({ flatten: false }),
    expected: ownWork(status(202)),
  },
  {
    method: "POST",
    route: "/api/documents/:id/publish (another's, not prepared)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}/publish`,
    body: () => ({}),
    expected: backOffice((role) => (can(role, "editEveryArticle") ? DOCUMENT_NOT_PREPARED : DOCUMENT_NOT_FOUND)),
  },
  {
    method: "POST",
    route: "/api/documents/:id/publish (own document, not prepared)",
    fresh: async (role) => {
      const { id, owner } = await examinedDocument(await tokenFor(role, true));
      return { id, token: owner };
    },
    path: (f) => `/api/documents/${f.id}/publish`,
    body: () => ({}),
    expected: ownWork((role) => (can(role, "publish") ? DOCUMENT_NOT_PREPARED : ROLE_FORBIDDEN)),
  },
  {
    method: "POST",
    route: "/api/documents/:id/withdraw (another's, not published)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}/withdraw`,
    body: () => ({ reason: "A matrix check" }),
    expected: backOffice((role) => (can(role, "editEveryArticle") ? DOCUMENT_NOT_PUBLISHED : DOCUMENT_NOT_FOUND)),
  },
  {
    method: "POST",
    route: "/api/documents/:id/withdraw (own document, not published)",
    fresh: async (role) => {
      const { id, owner } = await examinedDocument(await tokenFor(role, true));
      return { id, token: owner };
    },
    path: (f) => `/api/documents/${f.id}/withdraw`,
    body: () => ({ reason: "A matrix check" }),
    expected: ownWork((role) => (can(role, "editEveryArticle") ? DOCUMENT_NOT_PUBLISHED : ROLE_FORBIDDEN)),
  },
  {
    method: "DELETE",
    route: "/api/documents/:id (another's unpublished)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}`,
    expected: backOffice((role) => (can(role, "editEveryArticle") ? status(200) : DOCUMENT_NOT_FOUND)),
  },
  {
    method: "DELETE",
    route: "/api/documents/:id (own unpublished document)",
    fresh: async (role) => {
      const { id, owner } = await examinedDocument(await tokenFor(role, true));
      return { id, token: owner };
    },
    path: (f) => `/api/documents/${f.id}`,
    expected: ownWork(status(200)),
  },
  {
    method: "PUT",
    route: "/api/documents/:id (another's unpublished)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}`,
    body: () => ({ title_en: "Retitled by the matrix" }),
    expected: backOffice((role) => (can(role, "editEveryArticle") ? status(200) : DOCUMENT_NOT_FOUND)),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.document.title_en).toBe("Retitled by the matrix");
    },
  },
  {
    method: "PUT",
    route: "/api/documents/:id (own unpublished document)",
    fresh: async (role) => {
      const { id, owner } = await examinedDocument(await tokenFor(role, true));
      return { id, token: owner };
    },
    path: (f) => `/api/documents/${f.id}`,
    body: () => ({ title_en: "Retitled by its uploader" }),
    expected: ownWork(status(200)),
  },
  {
    method: "GET",
    route: "/api/documents/:id/pages/:page (another's)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}/pages/1?file=original`,
    expected: backOffice((role) => (can(role, "editEveryArticle") ? status(200) : DOCUMENT_NOT_FOUND)),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.headers.get("content-type")).toBe("image/webp");
    },
  },
  {
    method: "GET",
    route: "/api/documents/:id/pages/:page (own document)",
    fresh: async (role) => {
      const { id, owner } = await examinedDocument(await tokenFor(role, true));
      return { id, token: owner };
    },
    path: (f) => `/api/documents/${f.id}/pages/1?file=original`,
    expected: ownWork(status(200)),
  },
  {
    method: "PUT",
    route: "/api/documents/:id/articles (another's)",
    fresh: async () => examinedDocument(),
    path: (f) => `/api/documents/${f.id}/articles`,
    body: () => ({ articles: [fx.published.id] }),
    expected: backOffice((role) => (can(role, "editEveryArticle") ? status(200) : DOCUMENT_NOT_FOUND)),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.document.articles.map((a: { id: number }) => a.id)).toContain(fx.published.id);
    },
  },

  // Newsletter
  {
    method: "POST",
    route: "/api/newsletter",
    path: () => "/api/newsletter",
    body: () => ({ email: uniqueEmail("subscriber") }),
    expected: everyone(status(201)),
  },
  // Newsletter opt-in, leaving and topic lists (issue 40): a link's token is the only proof a reader gives.
  {
    method: "POST",
    route: "/api/newsletter/confirm",
    path: () => "/api/newsletter/confirm",
    body: () => ({ token: "not-a-confirmation" }),
    expected: everyone(status(404, en.newsletterConfirmationInvalid, "newsletter_confirmation_invalid")),
  },
  {
    method: "POST",
    route: "/api/newsletter/unsubscribe",
    path: () => "/api/newsletter/unsubscribe",
    body: () => ({ token: "1.AAAAAAAAAAAAAAAAAAAAAAAA" }),
    expected: everyone(status(404, en.newsletterLinkInvalid, "newsletter_link_invalid")),
  },
  { method: "GET", route: "/api/newsletter/topics", path: () => "/api/newsletter/topics", expected: needs("manageSections", 200) },
  {
    method: "POST",
    route: "/api/newsletter/topics",
    fresh: async (role) => ({ name: unique(`Matrix topic ${role}`) }),
    path: () => "/api/newsletter/topics",
    body: (f) => ({ name_en: f.name }),
    expected: needs("manageSections", 201),
  },
  {
    method: "DELETE",
    route: "/api/newsletter/topics/:id",
    path: () => "/api/newsletter/topics/999999",
    expected: backOffice((role) => (can(role, "manageSections") ? status(404, en.newsletterTopicNotFound, "newsletter_topic_not_found") : ROLE_FORBIDDEN)),
  },
  {
    method: "POST",
    route: "/api/users/password-reset",
    path: () => "/api/users/password-reset",
    body: () => ({ email: uniqueEmail("forgetful") }),
    expected: everyone(status(202)),
  },
  {
    method: "POST",
    route: "/api/users/password-reset/complete",
    path: () => "/api/users/password-reset/complete",
    body: () => ({ token: "not-a-reset", new_password: "a long enough new password" }),
    expected: everyone(status(400, en.passwordResetInvalid, "password_reset_invalid")),
  },

  // Newsletter issues and their sending (issue 40): editors and admins only.
  { method: "GET", route: "/api/newsletter/issues", path: () => "/api/newsletter/issues", expected: needs("sendNewsletters", 200) },
  {
    method: "POST",
    route: "/api/newsletter/issues",
    path: () => "/api/newsletter/issues",
    body: () => ({ edition: "en", subject: "Matrix issue", intro: "", article_ids: [fx.published.id] }),
    expected: needs("sendNewsletters", 201),
  },
  {
    method: "GET",
    route: "/api/newsletter/issues/:id",
    fresh: newsletterIssue,
    path: (f) => `/api/newsletter/issues/${f.id}`,
    expected: needs("sendNewsletters", 200),
  },
  {
    method: "GET",
    route: "/api/newsletter/issues/:id/preview",
    fresh: newsletterIssue,
    path: (f) => `/api/newsletter/issues/${f.id}/preview`,
    expected: needs("sendNewsletters", 200),
  },
  {
    method: "POST",
    route: "/api/newsletter/issues/:id/test",
    fresh: newsletterIssue,
    path: (f) => `/api/newsletter/issues/${f.id}/test`,
    expected: needs("sendNewsletters", 200),
  },
  {
    method: "POST",
    route: "/api/newsletter/issues/:id/send (scheduled far ahead)",
    fresh: newsletterIssue,
    path: (f) => `/api/newsletter/issues/${f.id}/send`,
    body: () => ({ at: "2099-01-01T09:00:00+05:45" }),
    expected: needs("sendNewsletters", 202),
    verify: async (f, _role, allowed) => {
      const { body } = await call(`/api/newsletter/issues/${f.id}`, { token: await asAdmin() });
      expect(body.issue.status).toBe(allowed ? "scheduled" : "draft");
    },
  },
  { method: "GET", route: "/api/newsletter/subscribers", path: () => "/api/newsletter/subscribers", expected: needs("sendNewsletters", 200) },
  { method: "GET", route: "/api/newsletter/suppressions", path: () => "/api/newsletter/suppressions", expected: needs("sendNewsletters", 200) },
  {
    method: "DELETE",
    route: "/api/newsletter/suppressions/:id (none such)",
    path: () => "/api/newsletter/suppressions/999999",
    expected: backOffice((role) => (can(role, "sendNewsletters") ? status(404, en.suppressionNotFound, "suppression_not_found") : ROLE_FORBIDDEN)),
  },
  {
    method: "POST",
    route: "/api/newsletter/bounces/ses (unsigned)",
    path: () => "/api/newsletter/bounces/ses",
    body: () => ({ Type: "Notification", Message: "{}" }),
    expected: everyone(status(403, en.bounceNotificationRefused, "bounce_notification_refused")),
  },
  {
    method: "POST",
    route: "/api/newsletter/bounces/dsn (no NEWSLETTER_BOUNCE_SECRET on this server)",
    path: () => "/api/newsletter/bounces/dsn",
    bytes: () => new TextEncoder().encode("Content-Type: multipart/report; report-type=delivery-status\r\n\r\n"),
    expected: everyone(status(404, en.notFound, "not_found")),
  },

  // Second factors (issue 35): every account manages its own; this server requires none, so no
  // account is held at the enrolment gate here (second-factor.test.ts tests it).
  {
    method: "POST",
    route: "/api/admin/login/second-factor",
    path: () => "/api/admin/login/second-factor",
    body: () => ({ challenge: "not-a-challenge", code: "123456" }),
    expected: everyone(status(401, en.secondFactorChallengeInvalid, "second_factor_challenge_invalid")),
  },
  {
    method: "POST",
    route: "/api/admin/login/second-factor/options",
    path: () => "/api/admin/login/second-factor/options",
    body: () => ({ challenge: "not-a-challenge" }),
    expected: everyone(status(401, en.secondFactorChallengeInvalid, "second_factor_challenge_invalid")),
  },
  { method: "GET", route: "/api/users/me/second-factor", path: () => "/api/users/me/second-factor", expected: signedIn(status(200)) },
  // Before the row that starts an enrolment: the admin is one shared account.
  {
    method: "POST",
    route: "/api/users/me/totp/confirm",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/totp/confirm",
    body: () => ({ code: "123456" }),
    expected: signedIn(status(409, en.totpNotStarted, "totp_not_started")),
  },
  {
    method: "POST",
    route: "/api/users/me/totp",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/totp",
    expected: signedIn(status(201)),
  },
  // A new session (a password sign-in has proved no second factor), whatever other rows proved on the role's usual one.
  {
    method: "DELETE",
    route: "/api/users/me/totp",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/totp",
    expected: signedIn(REAUTHENTICATION_REQUIRED),
  },
  {
    method: "POST",
    route: "/api/users/me/recovery-codes",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/recovery-codes",
    expected: signedIn(REAUTHENTICATION_REQUIRED),
  },
  { method: "GET", route: "/api/users/me/passkeys", path: () => "/api/users/me/passkeys", expected: signedIn(status(200)) },
  {
    method: "POST",
    route: "/api/users/me/passkeys",
    path: () => "/api/users/me/passkeys",
    body: () => ({ response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "x", attestationObject: "x" } } }),
    expected: signedIn(status(400, en.passkeyChallengeExpired, "passkey_challenge_expired")),
  },
  {
    method: "POST",
    route: "/api/users/me/passkeys/options",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/passkeys/options",
    expected: signedIn(status(200)),
  },
  {
    method: "PUT",
    route: "/api/users/me/passkeys/:id",
    path: () => "/api/users/me/passkeys/999999",
    body: () => ({ name: "Phone" }),
    expected: signedIn(status(404, en.passkeyNotFound, "passkey_not_found")),
  },
  {
    method: "DELETE",
    route: "/api/users/me/passkeys/:id",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/me/passkeys/999999",
    expected: signedIn(REAUTHENTICATION_REQUIRED),
  },
  {
    method: "POST",
    route: "/api/users/me/reauthenticate",
    path: () => "/api/users/me/reauthenticate",
    body: (_f, role) => ({ password: passwordOf(role) }),
    expected: signedIn(status(200)),
  },
  {
    method: "POST",
    route: "/api/users/me/reauthenticate/options",
    path: () => "/api/users/me/reauthenticate/options",
    expected: signedIn(status(400, en.passkeyNone, "passkey_none")),
  },

  // Anything else under /api is a JSON 404
  {
    method: "GET",
    route: "/api/* (unknown)",
    path: () => "/api/no-such-endpoint",
    expected: everyone(status(404, en.notFound, "not_found")),
  },
  {
    method: "POST",
    route: "/api/* (unknown)",
    path: () => "/api/no-such-endpoint",
    body: () => ({}),
    expected: everyone(status(404, en.notFound, "not_found")),
  },
];

beforeAll(async () => {
  await setUpTipKey(call, await asAdmin());
  const reader = await newReader();
  const commenter = await newReader();
  const [contributor, author, editor] = await Promise.all([newStaff("contributor"), newStaff("author"), newStaff("editor")]);
  const writer = await createWriter();
  const published = await createArticle({ writer_id: writer.id, title: unique("Published matrix article") });
  const draft = await createArticle({ writer_id: writer.id, title: unique("Draft matrix article"), is_published: "false" });
  const approvedComment = await postComment(published.id, commenter.token, "An approved comment.");
  await approve(approvedComment);
  const pendingComment = await postComment(published.id, commenter.token, "A pending comment.");
  const approvedOnDraft = await postComment(draft.id, await asAdmin(), "Approved, on a draft.");
  await approve(approvedOnDraft);
  fx = {
    userToken: reader.token,
    userId: reader.user.id,
    staff: { contributor, author, editor },
    commenterToken: commenter.token,
    writerId: writer.id,
    published: { id: published.id, slug: published.slug, title: published.title },
    draft: { id: draft.id, slug: draft.slug, title: draft.title },
    approvedComment,
    pendingComment,
    approvedOnDraft,
    category: await createCategory(),
    tag: await createTag(),
  };
});

const cases = rows.flatMap((row) => ROLES.filter((role) => row.expected[role]).map((role) => ({ row, role, label: `${row.method} ${row.route}` })));

describe("permission matrix", () => {
  it("has rows for every API route of app/routes.ts", () => {
    const source = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
    const apiRoutes = [...source.matchAll(/route\("([^"]+)", "routes\/api\//g)].map((m) => `/api/${m[1]}`);
    expect(apiRoutes.length).toBeGreaterThan(20);
    const covered = new Set(rows.map((r) => r.route.split(" ")[0]));
    for (const route of apiRoutes) expect(covered, route).toContain(route);
  });

  it("has a case for every role in every row but those about one's own account or articles", () => {
    const partial = rows.filter((row) => ROLES.some((role) => !row.expected[role])).map((row) => `${row.method} ${row.route}`);
    for (const label of partial) expect(label).toMatch(/\(own /);
  });

  for (const { row, role, label } of cases)
    it(`${label} as ${role}`, async () => {
      const expected = row.expected[role]!;
      const f: Fresh = row.fresh ? await row.fresh(role) : {};
      // A fixture may have held the thread for seconds (Argon2): let the client see the idle connections the server closed meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
      const token = "token" in f ? f.token : await tokenFor(role);
      if (row.freshProof && token) await reauthenticated(call, token, passwordOf(role));
      const res = await call(row.path(f, role), {
        method: row.method,
        token,
        json: row.body?.(f, role),
        form: row.form?.(f, role),
        bytes: row.bytes?.(f, role),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
      if (expected.error !== undefined) expect(res.body).toEqual({ error: expected.error, code: expected.code });
      const allowed = res.status >= 200 && res.status < 300;
      await row.verify?.(f, role, allowed, res);
    });
});

describe("drafts and pending comments stay hidden from everyone but editors and admins", () => {
  const listQueries = () => [
    "/api/news",
    "/api/news?limit=100",
    "/api/news?status=draft&limit=100",
    "/api/news?status=all&limit=100",
    `/api/news?search=${encodeURIComponent(fx.draft.title)}`,
    `/api/news?status=draft&search=${encodeURIComponent(fx.draft.title)}`,
  ];

  // Contributors and authors on new accounts, which have no draft of their own to list.
  it.each(["guest", "user", "contributor", "author"] as const)("%s: GET /api/news never lists someone else's draft", async (role) => {
    const token = await tokenFor(role, isNewsroom(role));
    for (const path of listQueries()) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(200);
      const ids = res.body.articles.map((a: { id: number }) => a.id);
      expect(ids, path).not.toContain(fx.draft.id);
      for (const article of res.body.articles) expect(article.is_published, path).toBe(true);
    }
    // The same search does find a published article: the lists above are not empty by accident.
    const found = await call(`/api/news?search=${encodeURIComponent(fx.published.title)}`, { token });
    expect(found.body.articles.map((a: { id: number }) => a.id)).toEqual([fx.published.id]);
  });

  it.each(["editor", "admin"] as const)("%s: GET /api/news lists the draft", async (role) => {
    const token = await tokenFor(role);
    const all = await call(`/api/news?search=${encodeURIComponent(fx.draft.title)}`, { token });
    expect(all.body.articles.map((a: { id: number }) => a.id)).toEqual([fx.draft.id]);
    const drafts = await call(`/api/news?status=draft&search=${encodeURIComponent(fx.draft.title)}`, { token });
    expect(drafts.body.articles.map((a: { id: number }) => a.id)).toEqual([fx.draft.id]);
    expect(drafts.body.articles[0].is_published).toBe(false);
  });

  it.each(["guest", "user", "contributor", "author"] as const)("%s: comment lists hold approved comments on published articles only", async (role) => {
    const token = await tokenFor(role);
    for (const path of ["/api/comments", `/api/news/${fx.published.id}/comments`]) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(200);
      const ids = res.body.map((c: { id: number }) => c.id);
      expect(ids, path).toContain(fx.approvedComment);
      expect(ids, path).not.toContain(fx.pendingComment);
      expect(ids, path).not.toContain(fx.approvedOnDraft);
      for (const comment of res.body) expect(comment.is_approved, path).toBe(true);
    }
    const article = await call(`/api/news/${fx.published.slug}`, { token });
    const shown = article.body.comments.map((c: { id: number }) => c.id);
    expect(shown).toContain(fx.approvedComment);
    expect(shown).not.toContain(fx.pendingComment);
  });

  it.each(["editor", "admin"] as const)("%s: the comment list holds pending and approved comments", async (role) => {
    const token = await tokenFor(role);
    const all = await call("/api/comments", { token });
    const ids = all.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([fx.approvedComment, fx.pendingComment, fx.approvedOnDraft]));
    const pending = all.body.find((c: { id: number }) => c.id === fx.pendingComment);
    expect(pending.is_approved).toBe(false);
    const ofArticle = await call(`/api/news/${fx.published.id}/comments`, { token });
    expect(ofArticle.body.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([fx.approvedComment, fx.pendingComment]));
  });
});

/**
 * A method a resource does not support: 405 with the JSON error every API error has
 * (docs/api.md#conventions) and an Allow header naming the methods it does support, whoever asks.
 */
const unsupported: { method: Method; route: string; path: () => string; allow: string }[] = [
  { method: "POST", route: "/api/health", path: () => "/api/health", allow: "GET" },
  { method: "POST", route: "/api/ready", path: () => "/api/ready", allow: "GET" },
  { method: "GET", route: "/api/reads", path: () => "/api/reads?article_id=1", allow: "POST" },
  { method: "GET", route: "/api/admin/login", path: () => "/api/admin/login", allow: "POST" },
  { method: "PUT", route: "/api/admin/login", path: () => "/api/admin/login", allow: "POST" },
  { method: "GET", route: "/api/admin/login/second-factor", path: () => "/api/admin/login/second-factor", allow: "POST" },
  { method: "GET", route: "/api/users/me/totp", path: () => "/api/users/me/totp", allow: "POST, DELETE" },
  { method: "GET", route: "/api/users/me/totp/confirm", path: () => "/api/users/me/totp/confirm", allow: "POST" },
  { method: "DELETE", route: "/api/users/me/passkeys", path: () => "/api/users/me/passkeys", allow: "GET, POST" },
  { method: "GET", route: "/api/users/me/reauthenticate", path: () => "/api/users/me/reauthenticate", allow: "POST" },
  { method: "GET", route: "/api/users/register", path: () => "/api/users/register", allow: "POST" },
  { method: "DELETE", route: "/api/users/register", path: () => "/api/users/register", allow: "POST" },
  { method: "GET", route: "/api/users/logout", path: () => "/api/users/logout", allow: "POST" },
  { method: "PUT", route: "/api/users/logout", path: () => "/api/users/logout", allow: "POST" },
  { method: "POST", route: "/api/users/me", path: () => "/api/users/me", allow: "GET" },
  { method: "POST", route: "/api/session", path: () => "/api/session", allow: "GET" },
  { method: "POST", route: "/api/users/me/bookmarks", path: () => "/api/users/me/bookmarks", allow: "GET" },
  {
    method: "GET",
    route: "/api/users/me/bookmarks/:articleId",
    path: () => `/api/users/me/bookmarks/${fx.published.id}`,
    allow: "POST",
  },
  { method: "POST", route: "/api/users/me/sessions", path: () => "/api/users/me/sessions", allow: "GET, DELETE" },
  { method: "GET", route: "/api/users/me/sessions/:id", path: () => "/api/users/me/sessions/1", allow: "DELETE" },
  { method: "GET", route: "/api/users/me/password", path: () => "/api/users/me/password", allow: "PUT" },
  { method: "POST", route: "/api/users", path: () => "/api/users", allow: "GET" },
  { method: "GET", route: "/api/users/:id", path: () => `/api/users/${fx.userId}`, allow: "PUT, DELETE" },
  { method: "DELETE", route: "/api/news", path: () => "/api/news", allow: "GET, POST" },
  { method: "POST", route: "/api/news/:slug", path: () => `/api/news/${fx.published.slug}`, allow: "GET, PUT, DELETE" },
  { method: "PUT", route: "/api/news/:id/comments", path: () => `/api/news/${fx.published.id}/comments`, allow: "GET, POST" },
  { method: "POST", route: "/api/comments", path: () => "/api/comments", allow: "GET" },
  { method: "PUT", route: "/api/comments/:id", path: () => `/api/comments/${fx.approvedComment}`, allow: "GET, DELETE" },
  { method: "GET", route: "/api/comments/:id/approve", path: () => `/api/comments/${fx.pendingComment}/approve`, allow: "PUT" },
  { method: "PUT", route: "/api/categories", path: () => "/api/categories", allow: "GET, POST" },
  { method: "PATCH", route: "/api/categories/:id", path: () => `/api/categories/${fx.category.id}`, allow: "GET, PUT, DELETE" },
  { method: "PUT", route: "/api/tags", path: () => "/api/tags", allow: "GET, POST" },
  { method: "PATCH", route: "/api/tags/:id", path: () => `/api/tags/${fx.tag.id}`, allow: "GET, PUT, DELETE" },
  { method: "PUT", route: "/api/writers", path: () => "/api/writers", allow: "GET, POST" },
  { method: "PATCH", route: "/api/writers/:id", path: () => `/api/writers/${fx.writerId}`, allow: "GET, PUT, DELETE" },
  { method: "GET", route: "/api/upload", path: () => "/api/upload", allow: "POST" },
  { method: "DELETE", route: "/api/documents", path: () => "/api/documents", allow: "GET, POST" },
  { method: "POST", route: "/api/documents/:id", path: () => "/api/documents/1", allow: "GET, PUT, DELETE" },
  { method: "GET", route: "/api/documents/:id/prepare", path: () => "/api/documents/1/prepare", allow: "POST" },
  { method: "GET", route: "/api/documents/:id/publish", path: () => "/api/documents/1/publish", allow: "POST" },
  { method: "GET", route: "/api/documents/:id/withdraw", path: () => "/api/documents/1/withdraw", allow: "POST" },
  { method: "GET", route: "/api/documents/:id/articles", path: () => "/api/documents/1/articles", allow: "PUT" },
  { method: "POST", route: "/api/documents/:id/pages/:page", path: () => "/api/documents/1/pages/1", allow: "GET" },
  { method: "GET", route: "/api/newsletter", path: () => "/api/newsletter", allow: "POST" },
  { method: "GET", route: "/api/news/:slug/live", path: () => `/api/news/${fx.published.slug}/live`, allow: "PUT" },
  { method: "DELETE", route: "/api/news/:slug/updates", path: () => `/api/news/${fx.published.slug}/updates`, allow: "GET, POST" },
  { method: "GET", route: "/api/news/:slug/updates/:id", path: () => `/api/news/${fx.published.slug}/updates/1`, allow: "PUT, DELETE" },
];

describe("unsupported methods", () => {
  for (const row of unsupported)
    it(`${row.method} ${row.route} → 405 for every role`, async () => {
      for (const role of ROLES) {
        const res = await call(row.path(), {
          method: row.method,
          token: await tokenFor(role),
          json: row.method === "GET" ? undefined : {},
        });
        expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(405);
        expect(res.body, role).toEqual({ error: "Method not allowed", code: "method_not_allowed" });
        expect(res.headers.get("allow"), role).toBe(row.allow);
      }
    });
});

/**
 * Someone who may not make a call is told so, whatever the body: a reader sending an empty form
 * to a back-office endpoint, or a contributor to an editor's, gets 403 (or the 404 of an article
 * it cannot see), not a validation message for a form they can never submit.
 * Roles the call is open to (status 0) are not checked here.
 */
const refusedBeforeValidation: {
  method: Method;
  route: string;
  path: () => string | Promise<string>;
  body: unknown;
  expected: Outcomes;
}[] = [
  { method: "POST", route: "/api/news", path: () => "/api/news", body: {}, expected: needs("backOffice", 0) },
  {
    method: "PUT",
    route: "/api/news/:slug (another's published article)",
    path: () => `/api/news/${fx.published.slug}`,
    body: { title: "" },
    expected: needs("editEveryArticle", 0),
  },
  {
    method: "PUT",
    route: "/api/news/:slug (another's draft)",
    path: () => `/api/news/${fx.draft.slug}`,
    body: { title: "" },
    expected: backOffice(othersDraft(status(0))),
  },
  {
    method: "PUT",
    route: "/api/news/:slug/live (another's published article)",
    path: () => `/api/news/${fx.published.slug}/live`,
    body: { started_at: "not a time" },
    expected: needs("editEveryArticle", 0),
  },
  {
    method: "POST",
    route: "/api/news/:slug/updates (another's draft)",
    path: () => `/api/news/${fx.draft.slug}/updates`,
    body: { body: "" },
    expected: backOffice((role) => (!can(role, "publish") ? ROLE_FORBIDDEN : can(role, "editEveryArticle") ? status(0) : ARTICLE_NOT_FOUND)),
  },
  {
    method: "PUT",
    route: "/api/news/:slug/updates/:id (another's update)",
    path: async () => {
      const article = await liveArticle();
      return `/api/news/${article.slug}/updates/${(await liveUpdate(article.slug)).id}`;
    },
    body: { body: "" },
    expected: needs("editEveryArticle", 0),
  },
  { method: "POST", route: "/api/categories", path: () => "/api/categories", body: {}, expected: needs("manageSections", 0) },
  { method: "PUT", route: "/api/categories/:id", path: () => `/api/categories/${fx.category.id}`, body: {}, expected: needs("manageSections", 0) },
  { method: "POST", route: "/api/tags", path: () => "/api/tags", body: {}, expected: needs("manageSections", 0) },
  { method: "PUT", route: "/api/tags/:id", path: () => `/api/tags/${fx.tag.id}`, body: {}, expected: needs("manageSections", 0) },
  { method: "POST", route: "/api/writers", path: () => "/api/writers", body: {}, expected: needs("manageSections", 0) },
  { method: "PUT", route: "/api/writers/:id", path: () => `/api/writers/${fx.writerId}`, body: {}, expected: needs("manageSections", 0) },
  {
    method: "POST",
    route: "/api/news/:id/comments",
    path: () => `/api/news/${fx.published.id}/comments`,
    body: { content: "" },
    expected: { guest: SIGN_IN_REQUIRED },
  },
  {
    method: "PUT",
    route: "/api/users/:id (another account)",
    path: async () => `/api/users/${(await newReader()).user.id}`,
    body: { name: "" },
    expected: signedIn((role) => (can(role, "manageUsers") ? status(0) : FORBIDDEN)),
  },
];

describe("refusals come before validation", () => {
  for (const row of refusedBeforeValidation)
    it(`${row.method} ${row.route}, invalid body: refused as for a valid one`, async () => {
      let checked = 0;
      for (const role of ROLES) {
        const expected = row.expected[role];
        if (!expected || expected.status === 0) continue;
        const res = await call(await row.path(), { method: row.method, token: await tokenFor(role), json: row.body });
        expect({ role, status: res.status, body: res.body }).toEqual({ role, status: expected.status, body: { error: expected.error, code: expected.code } });
        checked += 1;
      }
      expect(checked).toBeGreaterThan(0);
    });
});

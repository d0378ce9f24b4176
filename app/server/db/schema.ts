import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  bigint,
  date,
} from "drizzle-orm/pg-core";
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  STORED_DOCUMENT_FILES,
  DOCUMENT_STATUSES,
  type Language,
  NOTE_KINDS,
  REVIEW_ACTIONS,
  REVISION_KINDS,
  ROLES,
  TIP_SENDERS,
} from "../../lib/limits";
import type { LanguageTexts } from "../../lib/language-texts";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "../../lib/newsletter-lists";
import type { Finding } from "../documents/findings";
import type { PrepareOptions } from "../documents/prepare";

/**
 * Whether the edition of `language` lists an article: it is the version of its story that edition
 * shows (`shown_in`, kept by the 0026 migration's trigger). The language is written into the
 * statement, not bound, so that the planner can use the edition's partial index
 * (db/edition-preferences.ts), even in a prepared statement's generic plan; the index is made with
 * this same text.
 */
export function inEditionSql(t: { shownIn: AnyPgColumn }, language: Language): SQL {
  return sql`${t.shownIn} @> ${sql.raw(editionArray(language))}`;
}

/** The edition as an array literal, as inEditionSql and the editions' indexes both write it. */
export function editionArray(language: Language): string {
  // A language code is two or three lower-case letters (docs/languages.md): nothing to escape.
  if (!/^[a-z]{2,3}$/.test(language)) throw new Error(`Not a language code: ${language}`);
  return `array['${language}']::text[]`;
}

/** The stories' numbers: a story is the group of an article's versions, one per language. */
export const articleStories = pgSequence("article_stories_seq");

/**
 * The numbers of live coverage's changes (issue 39): a new update takes one as its id and as its
 * change, and each later edit or deletion of it, and each change of an article's coverage, takes a
 * new one. Every write to one article's coverage holds the article's row, so that within an article
 * the numbers are taken in the order the writes commit: a client that has seen every change up to
 * n misses none by asking for those after n (docs/decisions.md, "Live coverage: one number for
 * every change").
 */
export const liveChanges = pgSequence("live_changes_seq");

/** Raw bytes (node-postgres reads and writes them as a Buffer). */
const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** PostgreSQL's full-text document; only the database reads and writes it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** The tip line keeps every time to the hour: when something happened there is metadata too (issue 36). */
const createdInHour = () =>
  timestamp("created_at", { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('hour', now(), 'UTC')`);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Kept to the hour: enough to recognise a session, too coarse to trace a person's day. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /** A coarse name of the device, from its user agent ("Chrome on Android"); never the agent itself. */
    device: text("device").notNull().default(""),
    /** When this session last proved a second factor: its sign-in, or a re-authentication. */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Second factors (issue 35). An account's authenticator-app secret, one per account: unconfirmed
 * while its enrolment is under way. `lastTimeStep` is the RFC 6238 time step of the last code
 * accepted, so that no code is accepted twice. The secret must be usable, so it is stored as it is
 * (docs/decisions.md, "Second factors").
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastTimeStep: bigint("last_time_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** An account's passkeys (WebAuthn credentials): only their public keys are ever here. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull().unique(),
    publicKey: bytea("public_key").notNull(),
    /** The authenticator's signature counter, which a cloned authenticator would repeat. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** Comma-separated transports the browser reported (usb, internal, hybrid…), passed back as hints. */
    transports: text("transports").notNull().default(""),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/** One-time recovery codes, as SHA-256 hashes of the code and its account (never the codes). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right and whose second factor is awaited: the client holds the
 * opaque challenge, only its hash is here. Single use, short-lived, bound to its account; a
 * passkey sign-in keeps the WebAuthn challenge it was given beside it.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    webauthnChallenge: text("webauthn_challenge"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_challenges_expires_idx").on(t.expiresAt)],
);

/** The WebAuthn challenge a signed-in session was given to register a passkey, or to prove itself again with one. */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["register", "reauthenticate"] }).notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.purpose] })],
);

const languageTexts = (name: string) => jsonb(name).$type<LanguageTexts>().notNull().default({});

/*
 * Each text is a string with something in it: a language without one is left out of the map, so
 * that "named in it" is "has the key", in SQL (`names ? 'ne'`) as in TypeScript. The language codes
 * are not listed here: a new language needs no migration (the shared schemas check what is sent).
 */
const textsOnly = (column: AnyPgColumn) =>
  sql`jsonb_typeof(${column}) = 'object' and not jsonb_path_exists(${column}, '$.* ? (@.type() != "string" || @ == "")')`;
const named = (column: AnyPgColumn) => sql`${column} <> '{}'::jsonb`;

/*
 * Sections, tags and writers are named in the languages of the site the editors named them in
 * (lib/bilingual.ts shows another language's name where one is missing), at least one. Kept as one
 * map per row rather than a child table: the lists read them with the row, without a join
 * (docs/decisions.md, "Per-language texts: one jsonb map per row").
 */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    names: languageTexts("names"),
    slug: text("slug").notNull().unique(),
    descriptions: languageTexts("descriptions"),
  },
  (t) => [
    check("categories_named", named(t.names)),
    check("categories_names_texts", textsOnly(t.names)),
    check("categories_descriptions_texts", textsOnly(t.descriptions)),
  ],
);

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    names: languageTexts("names"),
    slug: text("slug").notNull().unique(),
  },
  (t) => [check("tags_named", named(t.names)), check("tags_names_texts", textsOnly(t.names))],
);

export const writers = pgTable(
  "writers",
  {
    id: serial("id").primaryKey(),
    names: languageTexts("names"),
    email: text("email").notNull(),
    bios: languageTexts("bios"),
  },
  (t) => [check("writers_named", named(t.names)), check("writers_names_texts", textsOnly(t.names)), check("writers_bios_texts", textsOnly(t.bios))],
);

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    /** Derived from content on every save, so that listings never read article bodies. */
    excerpt: text("excerpt").notNull().default(""),
    wordCount: integer("word_count").notNull().default(0),
    /** The body as plain text (NFC, no HTML), derived on every save: what search indexes and quotes. */
    bodyText: text("body_text").notNull().default(""),
    /** A code of LANGUAGES: any text, so that a new language needs no migration (docs/languages.md). */
    language: text("language").$type<Language>().notNull().default("en"),
    writerId: integer("writer_id").references(() => writers.id, { onDelete: "set null" }),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The story this article is a version of: its versions in other languages share the number, at
     * most one per language (articles_story_language_unique). A new article is a story of its own.
     */
    storyId: integer("story_id")
      .notNull()
      .default(sql`nextval('article_stories_seq')`),
    /**
     * The editions that list this version (services/editions.ts): for each, the published version of
     * the story in the language it prefers most. Kept by a trigger of the 0026 migration for the whole
     * story on every write that changes a version's publication, language or story, and for every
     * story when the languages' preferences change (db/edition-preferences.ts), so that an edition's
     * list is a filter on the row, not a join.
     */
    shownIn: text("shown_in")
      .array()
      .$type<Language[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    isPublished: boolean("is_published").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    /**
     * When a story saved as published with a future time goes live (issue 15); null otherwise. Until
     * then it is unpublished, seen by no reader, feed or sitemap (services/scheduled-publishing.ts).
     */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** When the story was submitted for review; null when it is not waiting for an editor. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** A second sign-off: an editor other than the story's author publishes it. */
    legalReview: boolean("legal_review").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Live coverage (issue 39, services/live-coverage.ts): when it began, null for a story that was
     * never live; when it ended, null while it runs. No trigger of the articles table watches these
     * columns, so that a live story's many small writes index nothing again.
     */
    liveStartedAt: timestamp("live_started_at", { withTimezone: true }),
    liveEndedAt: timestamp("live_ended_at", { withTimezone: true }),
    /** The key points shown above the updates: sanitised HTML, "" for none. */
    liveKeyPoints: text("live_key_points").notNull().default(""),
    /** The latest change to the coverage or any of its updates (liveChanges), 0 before the first: the cursor a client resumes from. */
    liveChangeId: bigint("live_change_id", { mode: "number" }).notNull().default(0),
  },
  // Plain (ascending) indexes: drizzle's .desc() adds NULLS LAST, which ORDER BY ... DESC cannot use.
  (t) => [
    index("articles_published_idx").on(t.isPublished, t.publishedAt),
    // With the id as tie-break, the back office's newest-first list reads pages straight off the
    // index, even at offset 10,000 (bench/admin-list.js).
    index("articles_published_at_id_idx").on(t.publishedAt, t.id),
    index("articles_category_idx").on(t.categoryId, t.publishedAt),
    // A section's published stories, newest first, and their count, from the index alone (once
    // vacuumed): at 100,000 articles counting a section's 12,000 read each row for its flag.
    index("articles_published_category_idx")
      .on(t.categoryId, t.publishedAt, t.id)
      .where(sql`${t.isPublished}`),
    // Each edition's stories, newest first, and their count, have partial indexes of their own, one
    // pair per configured language, made at start (db/edition-preferences.ts), not here.
    uniqueIndex("articles_story_language_unique").on(t.storyId, t.language),
    index("articles_writer_idx").on(t.writerId, t.publishedAt),
    index("articles_featured_idx").on(t.isFeatured, t.publishedAt),
    // The scheduler's question every few seconds: which stories are due.
    index("articles_scheduled_idx")
      .on(t.scheduledAt)
      .where(sql`${t.scheduledAt} is not null`),
    // The review queue: the few stories waiting, oldest first.
    index("articles_review_idx")
      .on(t.submittedAt)
      .where(sql`${t.submittedAt} is not null`),
  ],
);

/**
 * What search reads of an article, in a table of its own so that a search visits narrow rows: a
 * common word matches half the archive, and every match is visited for its flags and ranked. In
 * the articles table those visits read some five articles a page (164 MB at 100,000 articles,
 * more than PostgreSQL's default buffers); here a page holds a dozen or more, the search document
 * kept out of line (toast_tuple_target) as only the index reads it (docs/decisions.md, "A narrow
 * table for search").
 *
 * A trigger of the 0019 migration writes the row from the article's on every save, from the
 * article as it stands when the trigger runs (the editions' trigger may have changed it since),
 * and computes the documents with search_fold and search_config (0003_search):
 * - `search_vector`, what matches: each field stemmed in the article's language and word for word
 *   (`simple`), so that exact words and stop words match too; title (A) above the meta
 *   description (B) above the body (C);
 * - `rank_vector`, what ranks: the title and the meta description only (a body-only match ranks 0
 *   and comes by date; ranking whole bodies was a search's cost, "Search ranks on titles").
 * Copies of the article's flags (published, date, language, story, editions) let a reader's search
 * filter here without joining the articles.
 */
export const articleSearch = pgTable(
  "article_search",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    isPublished: boolean("is_published").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    language: text("language").$type<Language>().notNull(),
    storyId: integer("story_id").notNull(),
    shownIn: text("shown_in").array().$type<Language[]>().notNull(),
    rankVector: tsvector("rank_vector").notNull(),
    searchVector: tsvector("search_vector").notNull(),
  },
  // fastupdate off: PGlite has no autovacuum to merge GIN's pending list, which every search would scan.
  (t) => [
    index("article_search_idx").using("gin", t.searchVector).with({ fastupdate: "off" }),
    // A match's other versions, which may show in an edition in its place (services/editions.ts).
    index("article_search_story_idx").on(t.storyId),
  ],
);

/**
 * Every lexeme of every article's search document: the vocabulary that search's trigram fallback
 * matches partial words and typos against (pg_trgm's recommendation for full-text search). A
 * trigger of the 0003_search migration adds an article's words whenever it is written; words of
 * edited or deleted articles stay, and match no article.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")).with({ fastupdate: "off" }),
]);

/**
 * The text search configuration each language's articles are stemmed with (`nepali`, `simple`),
 * as its config in app/lib/languages says: written at every start (db/search-configurations.ts),
 * read by search_config() (migration 0025), so that a new language needs no migration.
 */
export const languageSearchConfigurations = pgTable("language_search_configurations", {
  language: text("language").$type<Language>().primaryKey(),
  configuration: text("configuration").notNull(),
});

/**
 * Which language each edition prefers, in order (rank 0 its own): textPreference of each language's
 * config, written at every start (db/edition-preferences.ts) and read by the editions' trigger of
 * the 0026 migration, so that a new language, or a changed fallback, needs no migration.
 */
export const editionPreferences = pgTable(
  "edition_preferences",
  {
    edition: text("edition").$type<Language>().notNull(),
    language: text("language").$type<Language>().notNull(),
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.edition, t.language] })],
);

export const articleMedia = pgTable(
  "article_media",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    caption: text("caption").notNull().default(""),
    position: integer("position").notNull(),
    kind: text("kind", { enum: ["banner", "content"] }).notNull(),
    mediaType: text("media_type", { enum: ["image", "video"] })
      .notNull()
      .default("image"),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [uniqueIndex("article_media_position_unique").on(t.articleId, t.position)],
);

/**
 * The AVIF and WebP widths stored beside an uploaded image (services/media-variants.ts), by the upload's
 * path. Pages offer only the widths named here, so an upload made before variants existed, or one the
 * backfill (`npm run media:variants`) has not reached yet, still shows its original.
 */
export const mediaVariants = pgTable("media_variants", {
  url: text("url").primaryKey(),
  widths: integer("widths").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const articleTags = pgTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index("article_tags_tag_idx").on(t.tagId)],
);

export const relatedArticles = pgTable(
  "related_articles",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    relatedId: integer("related_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.relatedId] })],
);

export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    isApproved: boolean("is_approved").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("comments_article_idx").on(t.articleId, t.createdAt), index("comments_approved_idx").on(t.isApproved, t.createdAt)],
);

/**
 * Corrections and updates (issue 15): dated notes an editor adds to a published story, shown to
 * readers at its end. A note's wording is never lost: an edit moves the earlier one to
 * `article_note_versions`.
 */
export const articleNotes = pgTable(
  "article_notes",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTE_KINDS }).notNull(),
    text: text("text").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the wording last changed; null while it is the first. */
    amendedAt: timestamp("amended_at", { withTimezone: true }),
  },
  (t) => [index("article_notes_article_idx").on(t.articleId, t.createdAt), index("article_notes_kind_idx").on(t.kind, t.createdAt)],
);

/**
 * An update of a live story (issue 39): a short rich text by a newsroom member, newest first. Its
 * id is its first change; `change_id` is its latest (an edit, a pin, a deletion), so that a client
 * asking for the changes after one it saw learns of edits and deletions too. A deleted update stays
 * as a tombstone, its texts emptied, for the clients that must remove it; the audit trail says who
 * deleted it. `idempotency_key` is the client's Idempotency-Key, with the hash of what it sent:
 * a retry of the same post by the same author to the same story finds the update it stored.
 */
export const liveUpdates = pgTable(
  "live_updates",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    headline: text("headline").notNull().default(""),
    body: text("body").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its text last changed; null while it is as posted (a pin is no edit). */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    changeId: bigint("change_id", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
  },
  (t) => [
    // The changes after a client's cursor, in order.
    uniqueIndex("live_updates_change_idx").on(t.articleId, t.changeId),
    // The stream as readers see it, newest first, page after page.
    index("live_updates_stream_idx")
      .on(t.articleId, t.id)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("live_updates_idempotency_unique")
      .on(t.articleId, t.authorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** A note's earlier wordings, each with the moment it was replaced. */
export const articleNoteVersions = pgTable(
  "article_note_versions",
  {
    id: serial("id").primaryKey(),
    noteId: integer("note_id")
      .notNull()
      .references(() => articleNotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTE_KINDS }).notNull(),
    text: text("text").notNull(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }).notNull().defaultNow(),
    replacedBy: integer("replaced_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("article_note_versions_note_idx").on(t.noteId, t.replacedAt)],
);

/**
 * The audit trail (issue 15): who did what to which object in the back office, and when. Rows are
 * only ever added: a trigger of the 0012 migration refuses to change or delete them. The actor and
 * the object are named as they were at the time (no foreign key): an entry outlives both.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    objectType: text("object_type", { enum: AUDIT_OBJECTS }).notNull(),
    objectId: integer("object_id"),
    objectLabel: text("object_label").notNull().default(""),
    summary: text("summary").notNull().default(""),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_object_idx").on(t.objectType, t.objectId, t.at),
  ],
);

/** What happened to a story on its way through review, and what was said: the note history. */
export const reviewNotes = pgTable(
  "review_notes",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: REVIEW_ACTIONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("review_notes_article_idx").on(t.articleId, t.createdAt)],
);

/**
 * Every kept version of a story (issue 15). A keyframe (base_id null) holds the whole story as JSON;
 * every other revision holds the edit from its keyframe to it (services/revisions.ts), so that a
 * thousand revisions of a long story cost a few keyframes and a thousand small edits. The title is
 * kept whole for the list.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: REVISION_KINDS }).notNull(),
    restoredFrom: integer("restored_from"),
    baseId: integer("base_id").references((): AnyPgColumn => articleRevisions.id),
    body: text("body").notNull(),
    title: text("title").notNull(),
    wordCount: integer("word_count").notNull().default(0),
    createdAt: createdAt(),
    /** The last autosave folded into it; its creation time otherwise. */
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("article_revisions_article_idx").on(t.articleId, t.id)],
);

/**
 * How often each published story was read, per hour (issue 15): a count and nothing else, no
 * reader, address or device. Several instances add to the same row.
 */
export const articleReads = pgTable(
  "article_reads",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    reads: integer("reads").notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.hour] }), index("article_reads_hour_idx").on(t.hour)],
);

export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] })],
);

/**
 * A newsletter reader (issue 40). `pending` until the address's owner confirms from the message
 * sent to it (addresses stored before double opt-in stay pending until invited); `left` once they
 * leave every list. No account, no name: an address, its language and its lists.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    /** The edition whose language its messages are written in. */
    language: text("language").$type<Language>().notNull().default("en"),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The confirmation link's token, hashed (the link itself is only in the message), and when it
     * stops working; both cleared once confirmed. A pending row whose token expired is deleted.
     */
    confirmationHash: text("confirmation_hash"),
    confirmationExpiresAt: timestamp("confirmation_expires_at", { withTimezone: true }),
    /** When the last confirmation (or the one invitation of an address stored before double opt-in) was mailed; null: never. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_confirmation_hash_unique").on(t.confirmationHash),
    index("newsletter_confirmation_expiry_idx").on(t.confirmationExpiresAt),
  ],
);

/**
 * The topic lists an editor offers beside the editions' (issue 40): an investigation series, a
 * section. Its list is "topic:{slug}"; deleting a topic deletes its subscriptions.
 */
export const newsletterTopics = pgTable(
  "newsletter_topics",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    names: languageTexts("names"),
    createdAt: createdAt(),
  },
  (t) => [check("newsletter_topics_named", named(t.names)), check("newsletter_topics_names_texts", textsOnly(t.names))],
);

/** A "forgot password" link (issue 40): only its hash is kept; used once, within 30 minutes. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId), index("password_resets_expires_idx").on(t.expiresAt)],
);

/**
 * The devices (coarse names, as sessions keep them) a staff account has signed in from, so that a
 * sign-in from another is mailed to its owner (issue 40).
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    device: text("device").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

export { SUBSCRIBER_STATUSES, type SubscriberStatus };

/**
 * Which lists a subscriber is on: an edition's list is its language code ("ne", "en"), a topic
 * list "topic:{slug}". Leaving a list deletes its row.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.list] }), index("newsletter_subscriptions_list_idx").on(t.list, t.subscriberId)],
);

/**
 * Addresses never to be mailed again (issue 40): a permanent refusal at send time, a bounce or a
 * complaint. An editor may lift one (the row is deleted, and the lift audited).
 */
export const mailSuppressions = pgTable(
  "mail_suppressions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    reason: text("reason").$type<SuppressionReason>().notNull(),
    /** What the relay or the report said, for the editor who looks. */
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mail_suppressions_email_unique").on(sql`lower(${t.email})`)],
);

export const SUPPRESSION_REASONS = ["refused", "bounce", "complaint"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * A newsletter issue (issue 40): an edition's stories and an introduction, composed in the back
 * office, then sent once (now or at `sendAt`). `draft` until sending is asked; `scheduled` until its
 * time; `sending` once its recipients are queued; `sent` when none waits.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: serial("id").primaryKey(),
    edition: text("edition").$type<Language>().notNull(),
    subject: text("subject").notNull(),
    intro: text("intro").notNull().default(""),
    /** The stories, in the order the editor put them. */
    articleIds: integer("article_ids").array().notNull(),
    status: text("status").$type<IssueStatus>().notNull().default("draft"),
    sendAt: timestamp("send_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("newsletter_issues_due_idx").on(t.status, t.sendAt)],
);

export const ISSUE_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/**
 * The send queue (issue 40): one row per issue and recipient, written when the issue starts
 * sending. `waiting` rows are handed to the relay; a row turns `sent` in the database before the
 * relay is told the message is complete, and only then, so no restart ever sends it again
 * (newsletter/send-queue.ts). `failed`: refused for good, or out of tries.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").notNull(),
    email: text("email").notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the relay said last, for the editor who looks at a failure. */
    detail: text("detail").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    index("newsletter_deliveries_waiting_idx").on(t.status, t.nextAttemptAt),
    // The sender's claim reads waiting rows in this order from where its last batch ended (send-queue.ts, dueDeliveries).
    index("newsletter_deliveries_claim_idx").on(t.status, t.issueId, t.subscriberId),
  ],
);

export const DELIVERY_STATUSES = ["waiting", "sent", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Which instance sends newsletters (issue 40): one row, held by one instance until `until`, which
 * it renews while it runs; another takes it over once it runs out.
 */
export const mailSenderLease = pgTable("mail_sender_lease", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (issue 16), in the layout of
 * rate-limiter-flexible's PostgreSQL store. Keys are keyed hashes, never an address or an e-mail.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** Secrets the instances of one site share, made at first start (the rate limits' hashing key). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/**
 * The tip line (issue 17, docs/tips.md). The newsroom's public keys, newest current: sources'
 * messages are sealed to it. A rotated key stays, for the tips sealed to it, which its own key file
 * still opens. The private keys are never here.
 */
export const tipKeys = pgTable("tip_keys", {
  id: serial("id").primaryKey(),
  publicKey: text("public_key").notNull().unique(),
  /** Ed25519, which signs replies and the next key (issue 36); null for a key made before it. */
  signingPublicKey: text("signing_public_key"),
  /** The previous key's signature of this key's two public keys; null for the first key, or after a key with no signing key. */
  signature: text("signature"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdInHour(),
});

/**
 * Who has seen that the tip line's key changed (issue 36): the back office tells every editor and
 * admin of a new key until they dismiss it, each for themselves.
 */
export const tipKeyNoticeDismissals = pgTable(
  "tip_key_notice_dismissals",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyId: integer("key_id")
      .notNull()
      .references(() => tipKeys.id, { onDelete: "cascade" }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyId] })],
);

/**
 * A source's conversation with the newsroom. Nothing here says who the source is: no address, agent
 * or referrer, only the hash of the access token the codename gives and the public key the
 * newsroom's replies are sealed to. Times are kept to the hour (when a tip came is metadata too).
 */
export const tips = pgTable(
  "tips",
  {
    id: serial("id").primaryKey(),
    accessHash: text("access_hash").notNull().unique(),
    sourcePublicKey: text("source_public_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    /** Whether the newsroom has read the source's latest message. */
    unread: boolean("unread").notNull().default(true),
    /** Kept beyond TIPS_RETENTION_DAYS, by whom. */
    keptAt: timestamp("kept_at", { withTimezone: true }),
    keptBy: integer("kept_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("tips_last_message_idx").on(t.lastMessageAt)],
);

/** One message, sealed to the newsroom's key and to the source's: the server can open neither. */
export const tipMessages = pgTable(
  "tip_messages",
  {
    id: serial("id").primaryKey(),
    tipId: integer("tip_id")
      .notNull()
      .references(() => tips.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: TIP_SENDERS }).notNull(),
    keyId: integer("key_id")
      .notNull()
      .references(() => tipKeys.id),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    forNewsroom: text("for_newsroom").notNull(),
    forSource: text("for_source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("tip_messages_tip_idx").on(t.tipId, t.id)],
);

/**
 * An attachment's ciphertext, uploaded in parts before the message that names it (and holds its
 * key) is sent; one never attached is deleted within a day.
 */
export const tipAttachments = pgTable(
  "tip_attachments",
  {
    id: text("id").primaryKey(),
    tipId: integer("tip_id").references(() => tips.id, { onDelete: "cascade" }),
    messageId: integer("message_id").references(() => tipMessages.id, { onDelete: "cascade" }),
    size: integer("size").notNull(),
    received: integer("received").notNull().default(0),
    createdAt: createdInHour(),
  },
  (t) => [index("tip_attachments_message_idx").on(t.messageId)],
);

export const tipAttachmentParts = pgTable(
  "tip_attachment_parts",
  {
    attachmentId: text("attachment_id")
      .notNull()
      .references(() => tipAttachments.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.part] })],
);

/**
 * The job a document waits for or is under: examining its original, preparing it (then examining
 * the result), or drawing the pages of the file an editor published.
 */
export type DocumentJob = { kind: "examine" } | ({ kind: "prepare" } & PrepareOptions) | { kind: "render" };

/**
 * Evidence documents (issue 38). Their files are kept in document_file_parts, in the database and
 * never in the media store, until one is published (docs/decisions.md, "Evidence documents' files
 * stay in the database until published"). `job` is what remains to be done while the status is
 * `examining`; the instance that runs it holds `lease_until` in the future, and any instance takes
 * over a job whose lease ran out (its instance stopped).
 */
/**
 * A published page's size in PDF points (the viewer's aspect ratio), and, for pages drawn since the
 * phone's picture was added (issue 38), the pixel widths of the picture and of the phone's: older
 * documents have neither and keep their one picture. In the jsonb, so no migration.
 */
export interface PageSize {
  width: number;
  height: number;
  drawn?: number;
  phone?: number;
}

export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    titles: languageTexts("titles"),
    descriptions: languageTexts("descriptions"),
    /** "Obtained by Khulasa", "Public record: …": where the document comes from, per language. */
    sources: languageTexts("sources"),
    documentDate: date("document_date", { mode: "string" }),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("examining"),
    job: jsonb("job").$type<DocumentJob>(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** How far the running examination has read: page of pages. */
    progressPage: integer("progress_page"),
    progressPages: integer("progress_pages"),
    /** Why the last job failed (the reader's message), when the status is `failed`. */
    failure: text("failure"),
    /** The upload's own name: private, like the file, since a name can say where it came from. */
    originalName: text("original_name").notNull().default(""),
    originalSha256: text("original_sha256").notNull(),
    originalSize: integer("original_size").notNull(),
    /** Null until the original has been examined. */
    originalPages: integer("original_pages"),
    originalFindings: jsonb("original_findings").$type<Finding[]>(),
    preparedSha256: text("prepared_sha256"),
    preparedSize: integer("prepared_size"),
    preparedPages: integer("prepared_pages"),
    preparedFindings: jsonb("prepared_findings").$type<Finding[]>(),
    /** How the prepared file was made. */
    preparedWith: jsonb("prepared_with").$type<PrepareOptions>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The published file's path under /uploads (its sha256 names it). */
    publishedUrl: text("published_url"),
    /**
     * Each published page's size as shown, in points, once its pictures have been drawn beside the
     * published file (`{sha256}-p{n}.webp`, `-t{n}.webp`); null until then.
     */
    pageSizes: jsonb("page_sizes").$type<PageSize[]>(),
    /** Whether the published file has text to select (`{sha256}-text.json`): a flattened one has none. */
    hasText: boolean("has_text"),
    /**
     * What search matches a published document by (services/document-search.ts): its titles, then
     * its descriptions, then the published file's text, each in every language's configuration and
     * word for word. Written when it is published; null before.
     */
    searchVector: tsvector("search_vector"),
    /** An editor's written reason to publish a file with findings left, who gave it and when. */
    overrideReason: text("override_reason"),
    overrideBy: integer("override_by").references(() => users.id, { onDelete: "set null" }),
    overrideAt: timestamp("override_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("documents_titled", named(t.titles)),
    check("documents_titles_texts", textsOnly(t.titles)),
    check("documents_descriptions_texts", textsOnly(t.descriptions)),
    check("documents_sources_texts", textsOnly(t.sources)),
    index("documents_created_idx").on(t.createdAt, t.id),
    index("documents_jobs_idx")
      .on(t.leaseUntil)
      .where(sql`${t.job} is not null`),
    index("documents_search_idx").using("gin", t.searchVector).with({ fastupdate: "off" }),
  ],
);

/** A document's files in parts of at most DOCUMENT_PART_BYTES, so that no single value is a whole 50 MB file. */
export const documentFileParts = pgTable(
  "document_file_parts",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    file: text("file", { enum: STORED_DOCUMENT_FILES }).notNull(),
    part: integer("part").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.file, t.part] })],
);

/** The stories a document is attached to: a story (all its language versions), not one article. */
export const documentStories = pgTable(
  "document_stories",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    storyId: integer("story_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.storyId] }), index("document_stories_story_idx").on(t.storyId)],
);

export const documentTags = pgTable(
  "document_tags",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.tagId] }), index("document_tags_tag_idx").on(t.tagId)],
);

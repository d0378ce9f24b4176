/**
 * The limits and enumerations of the spec, without zod: browser code imports these freely, and
 * loads the schemas (and zod) only when a form is submitted.
 */
import { LANGUAGE_CONFIGS } from "./languages";

/** docs/product.md#validation-rules: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Names of people, sections and tags, and a search's words. */
export const NAME_MAX = 200;
/** RFC 5321's longest e-mail address. */
export const EMAIL_MAX = 320;
export const SEARCH_QUERY_MAX = 200;
export const SLUG_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const BIO_MAX = 5000;
export const TITLE_MAX = 500;
export const META_TITLE_MAX = 1000;
export const META_DESCRIPTION_MAX = 5000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1000;
export const COMMENT_MAX = 5000;
/** Articles per page on every listing (category, All News, writer, tag, search). */
export const LISTING_PAGE_SIZE = 12;
/** A language's code ('ne', 'en', 'mai'): one of LANGUAGES, which are data (app/lib/languages). */
export type Language = string;
/** The site's languages, in their order: one folder each in app/lib/languages (docs/languages.md). */
export const LANGUAGES: readonly Language[] = LANGUAGE_CONFIGS.map((language) => language.code);
/** Least to most rights; what each may do is app/lib/roles.ts. */
export const ROLES = ["user", "contributor", "author", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];
/** What a review note records: a story handed to the editors, or sent back to its author. */
export const REVIEW_ACTIONS = ["submitted", "returned"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
/**
 * What the audit trail records (issue 15): every back-office action, named `object.verb`; signing
 * in to the back office is the account's.
 */
export const AUDIT_ACTIONS = [
  "article.create",
  "article.update",
  "article.publish",
  "article.unpublish",
  "article.schedule",
  "article.delete",
  "article.translate",
  "article.restore",
  "review.submit",
  "review.return",
  "review.legal",
  "comment.approve",
  "comment.delete",
  "category.create",
  "category.update",
  "category.delete",
  "tag.create",
  "tag.update",
  "tag.delete",
  "writer.create",
  "writer.update",
  "writer.delete",
  "user.update",
  "user.role",
  "user.delete",
  "note.create",
  "note.update",
  "account.signin",
  "account.signin_failed",
  "account.second_factor_failed",
  "account.reauthenticate",
  "account.reauthenticate_failed",
  "account.second_factor_on",
  "account.second_factor_off",
  "account.recovery_codes",
  "account.password",
  "session.signout",
  "session.signout_others",
  "tip.open",
  "tip.download",
  "tip.reply",
  "tip.keep",
  "tip.release",
  "tip.delete",
  "tipkey.create",
  "document.upload",
  "document.prepare",
  "document.publish",
  "document.override",
  "document.attach",
  "document.update",
  "document.withdraw",
  "document.delete",
  "live.start",
  "live.end",
  "live.edit",
  "live_update.create",
  "live_update.update",
  "live_update.delete",
  "newsletter.send",
  "newsletter.schedule",
  "newsletter.lift_suppression",
] as const;
/** A newsletter issue's subject, introduction and stories at most (issue 40). */
export const ISSUE_SUBJECT_MAX = 200;
export const ISSUE_INTRO_MAX = 5000;
export const ISSUE_STORIES_MAX = 30;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OBJECTS = ["article", "review", "comment", "category", "tag", "writer", "user", "note", "account", "session", "tip", "tipkey", "document", "live", "live_update", "newsletter"] as const;
export type AuditObject = (typeof AUDIT_OBJECTS)[number];
/**
 * Where an evidence document stands (issue 38): a job (examining or preparing) under way; its
 * current file examined with findings left, or none; a file the examination could not read; or
 * its pages being drawn for readers once an editor has published it (readers see it after that).
 */
export const DOCUMENT_STATUSES = ["examining", "needs_review", "clean", "failed", "publishing"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** Which of a document's files a stored part belongs to: the upload as it came, or its prepared copy. */
export const DOCUMENT_FILES = ["original", "prepared"] as const;
export type DocumentFile = (typeof DOCUMENT_FILES)[number];
/**
 * What the database keeps parts of: a document's files, and a newly prepared copy while it is
 * examined, before it takes the prepared file's place (services/document-files.ts). Never served.
 */
export const STORED_DOCUMENT_FILES = [...DOCUMENT_FILES, "staged"] as const;
export type StoredDocumentFile = (typeof STORED_DOCUMENT_FILES)[number];
/** Why a revision of a story was kept (issue 15): an explicit save, the editor's autosave, a restore. */
export const REVISION_KINDS = ["save", "autosave", "restore"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
/** A user's autosaves within this long of their first are one revision. */
export const AUTOSAVE_COALESCE_MINUTES = 10;
/** Every this many revisions of a story, one holds the whole story; the rest are deltas from it. */
export const REVISION_KEYFRAME_EVERY = 25;
/** Live coverage (issue 39): an update's headline, its body as sanitised HTML, and the key points above the stream. */
export const LIVE_HEADLINE_MAX = 300;
export const LIVE_UPDATE_BODY_MAX = 20_000;
export const LIVE_KEY_POINTS_MAX = 10_000;
/** Updates per page of GET /api/news/{slug}/updates: 20 unless asked, at most 100. */
export const LIVE_UPDATES_PAGE = 20;
export const LIVE_UPDATES_PAGE_MAX = 100;
/** An Idempotency-Key's longest: a UUID is 36 characters, and clients may prefix it. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** What an editor's dated note on a published story says it is (issue 15). */
export const NOTE_KINDS = ["correction", "update"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
/** A correction's or an update's most characters. */
export const NOTE_MAX = 5000;
/** A review note's most characters. */
export const REVIEW_NOTE_MAX = 5000;
/** Who wrote a message of a tip-line conversation (issue 17). */
export const TIP_SENDERS = ["source", "newsroom"] as const;
export type TipSender = (typeof TIP_SENDERS)[number];

/**
 * The shapes the API answers with (docs/product.md#what-the-site-keeps, snake_case). Shared by the services that build them and
 * the browser code that reads them, so that UI code never imports a server module. Where the wire
 * says more than the services' values (an article's missing writer and section), the wire's shape
 * is the Api… one beside it.
 */
import type { AuditAction, AuditObject, DocumentStatus, Language, NoteKind, ReviewAction, RevisionKind, Role } from "./limits";
import type { PerLanguageKeys } from "./language-texts";

export interface MediaItem {
  url: string;
  caption: string;
  position: number;
  kind: "banner" | "content";
  media_type: "image" | "video";
  width: number | null;
  height: number | null;
  /** An image's AVIF and WebP widths; null for a video, or an image that has none. */
  variants: number[] | null;
}

/** An article as listings show it (docs/product.md#what-the-site-keeps, without the body). */
export interface ArticleSummary {
  id: number;
  title: string;
  slug: string;
  language: Language;
  excerpt: string;
  read_time: number;
  writer_id: number | null;
  /** Null when the article has no writer (theirs was deleted): pages word it in the reader's language. */
  writer_name: string | null;
  category_id: number | null;
  /** Null when the article has no section. */
  category_name: string | null;
  category_slug: string | null;
  meta_title: string;
  meta_description: string;
  is_published: boolean;
  is_featured: boolean;
  published_at: string;
  created_at: string;
  updated_at: string;
  /** The banner (media position 0), with its size when we measured it at upload. */
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  /** The banner's AVIF and WebP widths (lib/responsive-images.ts names the files); null when it has none. */
  image_variants: number[] | null;
  tags: Tag[];
  /** Live coverage (issue 39): null for a story that was never live; `ended_at` null while it runs. */
  live: LiveStatus | null;
  /**
   * Only in search results: the words of the body around the match, as HTML. The article's text is
   * escaped; the matched words are wrapped in <mark>, the only element it ever contains.
   */
  snippet?: string;
}

export interface ArticleDetail extends ArticleSummary {
  content: string;
  /** The AVIF and WebP widths of the uploads the content's images show, by upload path (those that have any). */
  content_image_variants: Record<string, number[]>;
  media: MediaItem[];
  related: ArticleSummary[];
  related_news_ids: number[];
  comments: ArticleComment[];
  /**
   * The version a reader of this article's language would go to next: the first, in its language's
   * preference (textPreference), that the client may see; for Nepali and English, the other one.
   */
  translation: { id: number; slug: string; title: string; language: Language } | null;
  /** Every other version of the story the client may see, in the site's order of languages. */
  translations: ArticleTranslation[];
  /** Corrections and updates, newest first (issue 15). */
  notes: ArticleNote[];
  /** When an unpublished story goes live by itself (issue 15); null if it is not scheduled. */
  scheduled_at: string | null;
  /** A story's own page has its coverage's key points too. */
  live: LiveCoverage | null;
}

/** Whether a story is live (issue 39): when its coverage started and, once over, ended. */
export interface LiveStatus {
  started_at: string;
  ended_at: string | null;
}

/** A story's live coverage as its page and its stream show it. */
export interface LiveCoverage extends LiveStatus {
  /** The summary pinned above the updates: sanitised HTML, "" for none. */
  key_points: string;
}

/**
 * An update of a live story, as the newsroom posted it (issue 39). `id` names it for good (its
 * address is `#update-{id}`); `change_id` is the number of its latest change, which a client
 * resumes after.
 */
export interface LiveUpdate {
  id: number;
  change_id: number;
  headline: string;
  /** Sanitised HTML. */
  body: string;
  pinned: boolean;
  published_at: string;
  /** When its text last changed; null while it is as posted. */
  edited_at: string | null;
  /** The newsroom member who posted it; null once their account is deleted. */
  author: { name: string } | null;
}

/** What a client that follows the stream learns of an update deleted since it last asked: remove it. */
export interface DeletedLiveUpdate {
  id: number;
  change_id: number;
  deleted: true;
}

/**
 * GET /api/news/{slug}/updates. Without `after`: the stream, newest first, and never a deleted
 * update. With `after`: every update changed since that change (posted, edited, pinned, deleted),
 * in the order of the changes. `change_id` is where to resume: the story's latest change, or, when
 * `has_more`, the last change in this answer.
 */
export interface LiveUpdatesPage {
  live: LiveCoverage | null;
  updates: (LiveUpdate | DeletedLiveUpdate)[];
  change_id: number;
  has_more: boolean;
}

/**
 * What the REST API adds to an article on the wire (docs/api.md): a missing writer and section
 * named with the English defaults of docs/api.md, whatever the client's language, and the writer again as
 * the API's `author`. server/http/article-json.ts writes it; lib/api-articles.ts reads it back.
 */
interface NamedOnTheWire {
  writer_name: string;
  author: string;
  category_name: string;
}

export type ApiArticleSummary = Omit<ArticleSummary, keyof NamedOnTheWire> & NamedOnTheWire;

export type ApiArticleDetail = Omit<ArticleDetail, keyof NamedOnTheWire | "related"> & NamedOnTheWire & { related: ApiArticleSummary[] };

export interface ApiArticleList extends Omit<ArticleList, "articles"> {
  articles: ApiArticleSummary[];
}

/** A dated correction or update on a published story, with its earlier wordings, newest first. */
export interface ArticleNote {
  id: number;
  kind: NoteKind;
  text: string;
  created_at: string;
  /** When its wording last changed; null while it is the first. */
  amended_at: string | null;
  earlier: { kind: NoteKind; text: string; replaced_at: string }[];
}

/** A story as one revision keeps it (issue 15); the media in the article's order. */
export interface RevisionStory {
  title: string;
  content: string;
  meta_title: string;
  meta_description: string;
  language: Language;
  category_id: number | null;
  writer_id: number | null;
  tags: number[];
  banner: { url: string; caption: string } | null;
  media: { url: string; caption: string; media_type: "image" | "video" }[];
}

/** One line of GET /api/news/{slug}/revisions, newest first; numbers count from 1, oldest first. */
export interface RevisionSummary {
  id: number;
  number: number;
  kind: RevisionKind;
  /** The number of the revision a restore brought back. */
  restored_from: number | null;
  title: string;
  word_count: number;
  created_at: string;
  /** The last autosave folded into it; its creation time otherwise. */
  saved_at: string;
  /** Null for a version from before revisions were kept, or by a deleted account. */
  user_name: string | null;
}

export interface RevisionDetail {
  id: number;
  number: number;
  saved_at: string;
  story: RevisionStory;
}

/** A piece of a readable difference: text both share, or text one of them has alone. */
export interface DiffPart {
  change: "same" | "added" | "removed";
  text: string;
}

export type RevisionField = "title" | "meta_title" | "meta_description" | "content" | "category" | "writer" | "language" | "tags" | "media";

/** GET /api/news/{slug}/revisions/compare: the fields that differ, each as a readable difference. */
export interface RevisionComparison {
  from: { id: number; number: number; saved_at: string };
  to: { id: number; number: number; saved_at: string };
  changes: { field: RevisionField; parts: DiffPart[] }[];
}

/** A Nepal calendar day (YYYY-MM-DD) and the stories published on it in each language: the dashboard's chart. */
export interface PublishedDay {
  day: string;
  counts: Record<Language, number>;
}

/** A story of the dashboard's most-read lists and its reads. */
export interface MostReadStat {
  id: number;
  slug: string;
  title: string;
  language: Language;
  reads: number;
}

/** GET /api/corrections: every correction of a published story, newest first. */
export interface CorrectionList {
  corrections: { id: number; text: string; created_at: string; amended_at: string | null; article: { slug: string; title: string; language: Language } }[];
  total: number;
  page: number;
  limit: number;
}

/** Another version of an article's story, in another language (drafts only for those who may see them). */
export interface ArticleTranslation {
  id: number;
  slug: string;
  title: string;
  language: Language;
  is_published: boolean;
}

/** A row of the back office's articles list: a summary and the story's other versions, drafts included. */
export interface AdminArticleRow extends ArticleSummary {
  translations: ArticleTranslation[];
  /** A draft handed to the editors (issue 15). */
  in_review: boolean;
  /** When it goes live by itself, if scheduled (issue 15). */
  scheduled_at: string | null;
}

export interface ArticleList {
  articles: ArticleSummary[];
  total: number;
  page: number;
  limit: number;
}

/** A comment as the API shows it (docs/product.md#what-the-site-keeps). */
export interface ArticleComment {
  id: number;
  article_id: number;
  news_title: string;
  article_slug: string;
  user_name: string | null;
  content: string;
  created_at: string;
  is_approved: boolean;
}

/** A user as the API shows it (docs/product.md#what-the-site-keeps): bookmarks are article ids as strings. */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  created_at: string;
  bookmarks: string[];
}

/**
 * One of the signed-in user's sessions (GET /api/users/me/sessions). `device` is a coarse name
 * ("Firefox on Android"; "" when the agent said nothing we recognise); times are to the hour.
 */
export interface SessionSummary {
  id: number;
  device: string;
  created_at: string;
  last_used_at: string;
  /** The session this request came with. */
  current: boolean;
}

/**
 * Sections, tags and writers carry the spec's fields (`name`, `description`, `bio`) in the language
 * asked for (a page's, or an API client's `?lang=` / `Accept-Language`), falling back to the other
 * language where the editors gave none (lib/bilingual.ts), and each language's own text beside them
 * (`name_en`, `name_ne`: one key per language of LANGUAGES), null where there is none.
 */
export type Category = {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** docs/product.md#what-the-site-keeps: the category page's 'featured' flag. */
  featured: boolean;
} & PerLanguageKeys<"name" | "description", string | null>;

export type Writer = {
  id: number;
  name: string;
  email: string;
  bio: string | null;
} & PerLanguageKeys<"name" | "bio", string | null>;

export type Tag = { id: number; name: string; slug: string } & PerLanguageKeys<"name", string | null>;

/** Review (issue 15): GET /api/news/{slug}/review and GET /api/review. */
export interface ReviewNote {
  action: ReviewAction;
  note: string;
  user_name: string | null;
  created_at: string;
}

/** Where a story stands in review, as its edit page and the queue show it. */
export interface ReviewState {
  /** Waiting for an editor since then; null when not in review. */
  submitted_at: string | null;
  legal_review: boolean;
  /** Newest first. */
  notes: ReviewNote[];
}

export interface ReviewQueueItem extends ReviewState {
  id: number;
  slug: string;
  title: string;
  language: Language;
  author_name: string | null;
}

/** The audit trail (issue 15): GET /api/audit. */
export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string;
  actor_email: string;
  action: AuditAction;
  object_type: AuditObject;
  object_id: number | null;
  /** The object's name when the entry was made. */
  object_label: string;
  summary: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  limit: number;
}

/** A story in the reader's "Most read" list. */
export interface MostReadItem {
  id: number;
  slug: string;
  title: string;
  language: Language;
}

/** What an examination found in a document's file (issue 38; app/server/documents/findings.ts). */
export interface DocumentFinding {
  kind: string;
  page: number | null;
  /** [left, top, right, bottom] in PDF points from the page's top-left corner as shown. */
  rect: [number, number, number, number] | null;
  text: string;
  /** With a `rect`: the page's shown [width, height] in points, to place `rect` on a picture of the page. */
  page_size: [number, number] | null;
}

/** One of a document's files, as the back office sees it. */
export interface DocumentFileJson {
  sha256: string;
  size: number;
  /** Null until the file has been examined. */
  pages: number | null;
  findings: DocumentFinding[] | null;
}

/** An article whose story a document is attached to: each language version of the story is one. */
export interface DocumentArticle {
  id: number;
  slug: string;
  title: string;
  language: Language;
  is_published: boolean;
}

/** A document as the newsroom's list shows it: everything, findings and progress included. */
export type DocumentJson = {
  id: number;
  slug: string;
  status: DocumentStatus;
  /** The current file's (the prepared one once there is one): what would be published. */
  sha256: string;
  pages: number | null;
  findings: DocumentFinding[];
  /** How far the running job has read, while the status is `examining`. */
  progress: { page: number; pages: number } | null;
  /** Why the last job failed, in the client's language. */
  failure: string | null;
  date: string | null;
  original: DocumentFileJson & { name: string };
  /** `ocr`: the flattened pages carry the words read from their pictures. */
  prepared: (DocumentFileJson & { flatten: boolean; dpi: number | null; ocr: boolean }) | null;
  published_at: string | null;
  url: string | null;
  override: { reason: string; by: number | null; at: string } | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
} & PerLanguageKeys<"title", string | null> &
  PerLanguageKeys<"description", string | null> &
  PerLanguageKeys<"source", string | null>;

/** GET /api/documents/{id} for the newsroom, and the answer of every write: the list's and the stories it is attached to. */
export type DocumentDetailJson = DocumentJson & { articles: DocumentArticle[]; tags: Tag[] };

/**
 * One page of a published document as readers get it: drawn once, when the document is published,
 * and kept in the public media store beside the file (`/uploads/{sha256}-p{n}.webp` and `-t{n}.webp`).
 */
export interface DocumentPageJson {
  /** Counts from 1. */
  number: number;
  /** The page as shown (rotation applied), in PDF points: the viewer's aspect ratio. */
  width: number;
  height: number;
  /** WebP, 1200 px wide (narrower for a very tall page). */
  image: string;
  /** WebP, 200 px wide. */
  thumbnail: string;
  /**
   * The page's picture at each width it was drawn, narrowest first, for a srcset (a phone's and
   * `image`); empty for a document published before phones got their own (issue 38): `image` alone.
   */
  image_widths: { url: string; width: number }[];
}

/**
 * A published document's text and where each run of it lies, page by page (`text_url`): what the
 * viewer lays, transparent and selectable, over each page's picture. `box` is [left, top, right,
 * bottom] in shares (0 to 1) of the page's shown width and height from its top-left corner; a run
 * with an `angle` is turned that many degrees clockwise about its box's top-left corner.
 */
export interface DocumentTextJson {
  pages: { number: number; runs: { text: string; box: [number, number, number, number]; angle?: number }[] }[];
}

/** GET /api/documents/{id} for everyone else: a published document, without its findings, and the published articles of its stories. */
export type PublicDocumentJson = {
  id: number;
  slug: string;
  date: string | null;
  sha256: string;
  pages: number | null;
  size: number;
  url: string;
  published_at: string;
  page_images: DocumentPageJson[];
  /** The page texts (DocumentTextJson), or null when the published file has no text (a flattened file). */
  text_url: string | null;
  articles: Omit<DocumentArticle, "is_published">[];
  tags: Tag[];
} & PerLanguageKeys<"title", string | null> &
  PerLanguageKeys<"description", string | null> &
  PerLanguageKeys<"source", string | null>;

/** A published document attached to a story, as the story's card shows it (a reader opens the rest). */
export type DocumentEmbedJson = {
  id: number;
  slug: string;
  pages: number | null;
  /** The first page's pictures, null until they have been drawn. */
  first_page: DocumentPageJson | null;
} & PerLanguageKeys<"title", string | null> &
  PerLanguageKeys<"description", string | null> &
  PerLanguageKeys<"source", string | null>;

/** A published document a search found (the search page lists them above the stories). */
export interface DocumentSearchHit {
  slug: string;
  /** In the edition's language, else another. */
  title: string;
  source: string | null;
  pages: number | null;
  date: string | null;
}

export interface DocumentsPage {
  documents: DocumentJson[];
  total: number;
  page: number;
  limit: number;
}

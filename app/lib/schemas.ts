/**
 * Input schemas shared by the browser forms and the server handlers, so that each rule of docs/product.md#validation-rules
 * and its message exist once. Every message is a key of the catalog, worded in the reader's language where it is shown.
 */
import { z } from "zod";
import { type LanguageTexts, perLanguageKey } from "./language-texts";
import { inferLanguage } from "./language";
import { NEPAL_UTC_OFFSET } from "./dates";
import { type MessageKey, en } from "./messages";

import {
  BIO_MAX,
  COMMENT_MAX,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  EMAIL_PATTERN,
  ISSUE_INTRO_MAX,
  ISSUE_STORIES_MAX,
  ISSUE_SUBJECT_MAX,
  LANGUAGES,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  NOTE_KINDS,
  NOTE_MAX,
  IDEMPOTENCY_KEY_MAX,
  LIVE_HEADLINE_MAX,
  LIVE_KEY_POINTS_MAX,
  LIVE_UPDATE_BODY_MAX,
  LIVE_UPDATES_PAGE,
  LIVE_UPDATES_PAGE_MAX,
  REVIEW_NOTE_MAX,
  ROLES,
  SEARCH_QUERY_MAX,
  SLUG_MAX,
  TITLE_MAX,
} from "./limits";

export type { Language, Role } from "./limits";
import type { Language } from "./limits";
import { SUBSCRIBER_STATUSES } from "./newsletter-lists";

const text = (required: MessageKey) => z.string({ error: required }).trim().min(1, { error: required });
const email = (required: MessageKey) => text(required).toLowerCase().regex(EMAIL_PATTERN, { error: "emailInvalid" });
const optionalText = z.string().trim().optional();
const id = z.coerce.number({ error: "invalidId" }).int({ error: "invalidId" }).positive({ error: "invalidId" });

const LIST_LIMIT_MAX = 100;
const PAGE_MAX = 100_000;
const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);
/** A list's page size: out-of-range values are clamped, not refused, so a hand-edited URL still gets a page. */
const pageSize = (fallback: number, max = LIST_LIMIT_MAX) =>
  z.coerce
    .number()
    .int()
    .catch(fallback)
    .default(fallback)
    .transform((n) => clamp(n, 1, max));
const pageNumber = z.coerce
  .number()
  .int()
  .catch(1)
  .default(1)
  .transform((n) => clamp(n, 1, PAGE_MAX));

/** Multipart and query flags arrive as 'true'/'false'. */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

const isMessageKey = (value: unknown): value is MessageKey => typeof value === "string" && value in en;

/** The catalog key of a failed parse's first message: what the user is shown, in their language. */
export function firstMessage(error: z.ZodError): MessageKey {
  const message = error.issues[0]?.message;
  return isMessageKey(message) ? message : "invalidInput";
}

const tooLong = { error: "fieldTooLong" } as const;
const slugText = z.string().trim().max(SLUG_MAX, tooLong).optional();

export const loginSchema = z.object({
  username: text("allFieldsRequired"),
  password: z.string({ error: "allFieldsRequired" }).min(1, { error: "allFieldsRequired" }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A password being chosen. Whether it is too easy to guess is judged on the server alone (services/password-strength.ts). */
const newPassword = z
  .string({ error: "allFieldsRequired" })
  .min(1, { error: "allFieldsRequired" })
  .min(PASSWORD_MIN, { error: "passwordTooShort" })
  .max(PASSWORD_MAX, tooLong);

export const registerSchema = z.object({
  name: text("allFieldsRequired").max(NAME_MAX, tooLong),
  email: email("allFieldsRequired").max(EMAIL_MAX, tooLong),
  password: newPassword,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** PUT /api/users/me/password. */
export const passwordChangeSchema = z.object({
  current_password: loginSchema.shape.password,
  new_password: newPassword,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** A newsletter list: an edition's language code ("ne") or a topic's "topic:{slug}"; which exist is the server's to say. */
const newsletterList = z
  .string({ error: "newsletterListUnknown" })
  .trim()
  .min(1, { error: "newsletterListUnknown" })
  .max(SLUG_MAX + 6, { error: "newsletterListUnknown" });
/** The lists a reader picks: a JSON array, or one repeated form field (a single one arrives as a string). */
const newsletterLists = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z.array(newsletterList, { error: "newsletterListUnknown" }).min(1, { error: "newsletterListsRequired" }).max(50, { error: "newsletterListUnknown" }),
);

/** POST /api/newsletter (issue 40): the lists default to the edition's, the language to the request's. */
export const newsletterSchema = z.object({
  email: email("emailRequired").max(EMAIL_MAX, tooLong),
  lists: newsletterLists.optional(),
  language: z.enum(LANGUAGES, { error: "invalidInput" }).optional(),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** A link's token (a confirmation's, a subscriber's, a password reset's): what the link carried, checked by the service. */
const linkToken = z.string({ error: "invalidInput" }).trim().min(1, { error: "invalidInput" }).max(200, { error: "invalidInput" });
export const newsletterTokenSchema = z.object({ token: linkToken });

/** The manage page's lists: none at all is leaving every list. */
export const newsletterListsSchema = z.object({ token: linkToken, lists: z.array(newsletterList).max(50, { error: "newsletterListUnknown" }) });

/** POST /api/users/password-reset: the address a link is mailed to, if an account uses it. */
export const passwordResetRequestSchema = z.object({ email: email("emailRequired").max(EMAIL_MAX, tooLong) });
/** POST /api/users/password-reset/complete: the link's token and the new password. */
export const passwordResetSchema = z.object({ token: linkToken, new_password: newPassword });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** POST /api/newsletter/issues (issue 40): an edition's issue, its stories in the order given. */
export const newsletterIssueSchema = z.object({
  edition: z.enum(LANGUAGES as [Language, ...Language[]], { error: "issueEditionInvalid" }),
  subject: text("issueSubjectRequired").max(ISSUE_SUBJECT_MAX, { error: "issueSubjectTooLong" }),
  intro: z.string({ error: "invalidInput" }).trim().max(ISSUE_INTRO_MAX, { error: "issueIntroTooLong" }).default(""),
  article_ids: z
    .array(id, { error: "issueNeedsStories" })
    .min(1, { error: "issueNeedsStories" })
    .max(ISSUE_STORIES_MAX, { error: "issueTooManyStories" })
    .transform((ids) => [...new Set(ids)]),
});
export type NewsletterIssueInput = z.infer<typeof newsletterIssueSchema>;

/** POST /api/newsletter/issues/{id}/send: `at` absent sends now; else an instant with its offset (the back office writes Nepal time's). */
export const newsletterSendSchema = z.object({
  at: z.iso.datetime({ offset: true, error: "issueSendTimeInvalid" }).transform((at) => new Date(at)).optional(),
});

/** The back office's pages of subscribers and suppressions. */
export const newsletterPageSchema = z.object({
  limit: pageSize(50),
  page: pageNumber,
});

/** GET /api/newsletter/subscribers and its back-office page: a page, and optionally one status. */
export const newsletterSubscribersQuerySchema = newsletterPageSchema.extend({
  status: z.enum(SUBSCRIBER_STATUSES, { error: "newsletterStatusInvalid" }).optional(),
});

export const commentSchema = z.object({
  content: text("commentRequired").max(COMMENT_MAX, { error: "commentTooLong" }),
});

export const searchSchema = z.object({ q: text("searchRequired").max(SEARCH_QUERY_MAX, tooLong) });

const textUpTo = (max: number) => z.string().trim().max(max, tooLong).nullish();

/**
 * A text given in each language (`name_en`, `name_ne`, one key per language of LANGUAGES) and, as
 * the spec's clients send it, in one field (`name`), which goes to the language of its script
 * unless that language's own field is sent too. Only the languages sent are in the result: an
 * update leaves the others as they are. A null or '' is an empty text, which takes that language's
 * text away.
 */
function textFields<Field extends string>(field: Field, max: number) {
  const shape = Object.fromEntries([field, ...LANGUAGES.map((language) => perLanguageKey(field, language))].map((key) => [key, textUpTo(max)]));
  return shape as Record<Field | `${Field}_${Language}`, ReturnType<typeof textUpTo>>;
}

function byLanguage<Field extends string>(field: Field, input: Partial<Record<string, string | null | undefined>>): LanguageTexts {
  const texts: LanguageTexts = {};
  const spec = input[field];
  // An empty one-field text ("bio": null) empties it in every language: that client sees one text.
  if (spec === null || spec === "") for (const language of LANGUAGES) texts[language] = "";
  else if (spec !== undefined) texts[inferLanguage(spec)] = spec;
  for (const language of LANGUAGES) {
    const own = input[perLanguageKey(field, language)];
    if (own !== undefined) texts[language] = own ?? "";
  }
  return texts;
}

/** At least one of the names is not empty: a section, tag, writer or document is always named. */
const named =
  (required: MessageKey, field = "name") =>
  (input: Partial<Record<string, string | null | undefined>>, context: z.RefinementCtx) => {
    if (!Object.values(byLanguage(field, input)).some((name) => name !== "")) context.addIssue({ code: "custom", message: required, path: [field] });
  };

/*
 * Each of these comes twice: as a client sends it (the back office checks its forms with it, then
 * sends them as they are), and as the service takes it, each text by language (`…InputSchema`,
 * which the API reads).
 */
export const categorySchema = z
  .object({ ...textFields("name", NAME_MAX), slug: slugText, ...textFields("description", DESCRIPTION_MAX) })
  .superRefine(named("categoryNameRequired"));
export const categoryInputSchema = categorySchema.transform((input) => ({
  names: byLanguage("name", input),
  slug: input.slug,
  descriptions: byLanguage("description", input),
}));
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const tagSchema = z.object({ ...textFields("name", NAME_MAX), slug: slugText }).superRefine(named("tagNameRequired"));
export const tagInputSchema = tagSchema.transform((input) => ({ names: byLanguage("name", input), slug: input.slug }));
export type TagInput = z.infer<typeof tagInputSchema>;

/** An editor's topic list: its names, and the slug of its list ("topic:{slug}"), from the name when not given. */
export const newsletterTopicSchema = z.object({ ...textFields("name", NAME_MAX), slug: slugText }).superRefine(named("newsletterTopicNameRequired"));
export const newsletterTopicInputSchema = newsletterTopicSchema.transform((input) => ({ names: byLanguage("name", input), slug: input.slug }));
export type NewsletterTopicInput = z.infer<typeof newsletterTopicInputSchema>;

export const writerSchema = z
  .object({ ...textFields("name", NAME_MAX), email: email("writerRequired").max(EMAIL_MAX, tooLong), ...textFields("bio", BIO_MAX) })
  .superRefine(named("writerRequired"));
export const writerInputSchema = writerSchema.transform((input) => ({
  names: byLanguage("name", input),
  email: input.email,
  bios: byLanguage("bio", input),
}));
export type WriterInput = z.infer<typeof writerInputSchema>;

/**
 * A user update. The spec's client sends the whole user object when toggling a bookmark, so unknown
 * fields (id, created_at…) are ignored; the service decides which known fields the actor may change.
 */
export const userUpdateSchema = z.object({
  name: text("allFieldsRequired").max(NAME_MAX, tooLong).optional(),
  email: email("allFieldsRequired").max(EMAIL_MAX, tooLong).optional(),
  role: z.enum(ROLES).optional(),
  bookmarks: z.array(id).max(10_000, tooLong).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Editor image embeds accept only http, https and data URLs (docs/product.md#validation-rules). */
export function isAllowedImageSource(src: string): boolean {
  return /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp);base64,)/i.test(src.trim()) || src.startsWith("/uploads/");
}

const idList = z
  .union([
    z.array(id),
    z.string().transform((value, ctx) => {
      if (value.trim() === "") return [];
      try {
        return z.array(id).parse(JSON.parse(value));
      } catch {
        ctx.addIssue({ code: "custom", message: "invalidInput" });
        return z.NEVER;
      }
    }),
  ])
  .default([]);

const nullableId = z.union([z.literal(""), z.literal("null"), z.null(), id]).transform((v) => (v === "" || v === "null" || v === null ? null : v));

/** Article fields of the create and update payloads (docs/product.md#the-api-in-summary), as JSON or multipart strings. */
export const articleSchema = z.object({
  title: text("articleRequired").max(TITLE_MAX, { error: "titleTooLong" }),
  content: text("articleRequired").max(2_000_000, { error: "contentTooLong" }),
  writer_id: z
    .union([z.literal(""), id], { error: "articleRequired" })
    .refine((v) => v !== "", {
      error: "articleRequired",
    })
    .transform((v) => v as number),
  slug: optionalText,
  category_id: nullableId.optional(),
  meta_title: z.string().trim().max(META_TITLE_MAX, { error: "metaTitleTooLong" }).default(""),
  meta_description: z.string().trim().max(META_DESCRIPTION_MAX, { error: "metaDescriptionTooLong" }).default(""),
  /** Absent: inferred from the title's script (see inferLanguage). */
  language: z.enum(LANGUAGES).optional(),
  is_published: flag.default(false),
  is_featured: flag.default(false),
  published_at: z.coerce.date().optional(),
  translation_id: nullableId.optional(),
  tags: idList,
  related_news_ids: idList,
  /** The `updated_at` the editor loaded; a different stored value means someone else saved since. */
  updated_at: z.string().optional(),
});
export type ArticleInput = z.infer<typeof articleSchema>;

/** A review step's note (issue 15): optional when handing a story in, required when sending it back (review.ts). */
export const reviewNoteSchema = z.object({ note: z.string().trim().max(REVIEW_NOTE_MAX, tooLong).default("") });
export const legalReviewSchema = z.object({ legal_review: flag });

/** A correction or an update on a published story (issue 15). */
export const noteSchema = z.object({
  kind: z.enum(NOTE_KINDS).default("correction"),
  text: text("noteTextRequired").max(NOTE_MAX, tooLong),
});

/**
 * A moment of live coverage (issue 39): an ISO 8601 date and time with its offset, or "now", which
 * the server reads on its own clock: a phone's may be minutes off.
 */
const liveTime = z
  .string({ error: "liveTimeInvalid" })
  .refine((value) => value === "now" || z.iso.datetime({ offset: true }).safeParse(value).success, { error: "liveTimeInvalid" })
  .transform((value) => (value === "now" ? ("now" as const) : new Date(value)));

/** PUT /api/news/{slug}/live: starts, ends or reopens (`ended_at: null`) a story's coverage, or changes its key points. */
export const liveCoverageSchema = z.object({
  started_at: liveTime.optional(),
  ended_at: liveTime.nullable().optional(),
  key_points: z.string().max(LIVE_KEY_POINTS_MAX, tooLong).optional(),
});
export type LiveCoverageInput = z.infer<typeof liveCoverageSchema>;

const liveHeadline = z.string().trim().max(LIVE_HEADLINE_MAX, tooLong);
const liveBody = text("liveUpdateBodyRequired").max(LIVE_UPDATE_BODY_MAX, tooLong);

/**
 * The same update for another edition of the story (docs/api.md, "Both editions"): its own words,
 * posted with the first in one transaction. `language` names the edition; absent, the version a
 * reader of the story's language goes to next (for Nepali and English, the other one).
 */
const liveTwinUpdate = z.object({ language: z.enum(LANGUAGES, { error: "invalidInput" }).optional(), body: liveBody, headline: liveHeadline.default("") });

/** POST /api/news/{slug}/updates: a new update of a live story, and with `translation` its twin in another edition. */
export const liveUpdateSchema = z.object({
  body: liveBody,
  headline: liveHeadline.default(""),
  pinned: flag.default(false),
  translation: liveTwinUpdate.optional(),
});
export type LiveUpdateInput = z.infer<typeof liveUpdateSchema>;

/** PUT /api/news/{slug}/updates/{id}: what is sent changes; what is left out stays. */
export const liveUpdateChangeSchema = z.object({ body: liveBody.optional(), headline: liveHeadline.optional(), pinned: flag.optional() });
export type LiveUpdateChange = z.infer<typeof liveUpdateChangeSchema>;

/** The Idempotency-Key header of a post: visible ASCII, as a UUID or any token a client makes. */
export const idempotencyKeySchema = z.string().regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), { error: "idempotencyKeyInvalid" });

const changeCursor = z.coerce.number({ error: "invalidInput" }).int({ error: "invalidInput" }).nonnegative({ error: "invalidInput" });

/**
 * GET /api/news/{slug}/updates: the stream newest first (`before`, an update's id, for the page
 * after), or every change after the change `after` (never both: they read differently).
 */
export const liveUpdatesQuerySchema = z
  .object({
    after: changeCursor.optional(),
    before: changeCursor.optional(),
    limit: pageSize(LIVE_UPDATES_PAGE, LIVE_UPDATES_PAGE_MAX),
  })
  .refine((query) => query.after === undefined || query.before === undefined, { error: "invalidInput" });
export type LiveUpdatesQuery = z.infer<typeof liveUpdatesQuerySchema>;

/** POST /api/news/{slug}/translation: the language of the new version; absent, the first of LANGUAGES the story lacks. */
export const translationRequestSchema = z.object({ language: z.enum(LANGUAGES).optional() });

/** POST /api/reads: the story a reader's page says was read. */
export const readBeaconSchema = z.object({ article_id: id });

/** GET /api/news/{slug}/revisions/compare: the two revisions, by id. */
export const revisionCompareSchema = z.object({ from: id, to: id });

/** GET /api/corrections: one page at a time; out-of-range values are clamped. */
export const correctionsQuerySchema = z.object({
  limit: pageSize(20),
  page: pageNumber,
  language: z.enum(LANGUAGES).optional().catch(undefined),
});

/** A day of the audit screen's date filter, as the newsroom lives it: from midnight in Nepal. */
const nepalDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .transform((day) => new Date(`${day}T00:00:00${NEPAL_UTC_OFFSET}`))
  .refine((date) => !Number.isNaN(date.getTime()));
const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /api/audit's filters; a malformed one is ignored rather than refused, as a hand-edited address should still get a page. */
export const auditQuerySchema = z.object({
  actor: id.optional().catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  object: z.enum(AUDIT_OBJECTS).optional().catch(undefined),
  object_id: id.optional().catch(undefined),
  /** The first day shown. */
  from: nepalDay.optional().catch(undefined),
  /** The last day shown, whole: entries before the next day's midnight. */
  to: nepalDay
    .transform((date) => new Date(date.getTime() + DAY_MS))
    .optional()
    .catch(undefined),
  limit: pageSize(50),
  page: pageNumber,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const ARTICLE_STATUSES = ["published", "draft", "scheduled", "all"] as const;

export const newsQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_QUERY_MAX, tooLong).optional(),
  is_featured: flag.optional(),
  limit: pageSize(10),
  page: pageNumber,
  category: z.string().trim().optional(),
  tag: z.string().trim().optional(),
  writer: id.optional().catch(undefined),
  language: z.enum(LANGUAGES).optional().catch(undefined),
  /** Articles whose story has (`present`) or has no (`missing`) version in another language: the back office's translation desk. */
  translation: z.enum(["missing", "present"]).optional().catch(undefined),
  /** A reader's edition: each story once, in this language where it exists in it (services/editions.ts). */
  edition: z.enum(LANGUAGES).optional().catch(undefined),
  status: z.enum(ARTICLE_STATUSES).optional().catch(undefined),
});
export type NewsQuery = z.infer<typeof newsQuerySchema>;

/** GET /api/tips/inbox and its page: the page, as every list reads it. */
export const tipInboxQuerySchema = z.object({ page: newsQuerySchema.shape.page });

/**
 * An evidence document's texts (issue 38), sent with its upload as form fields: its title in at
 * least one language, a description and a source line ("Obtained by Khulasa") per language, and
 * the date the document bears.
 */
const documentSchema = z
  .object({
    ...textFields("title", TITLE_MAX),
    ...textFields("description", DESCRIPTION_MAX),
    ...textFields("source", NAME_MAX),
    date: z.iso.date({ error: "invalidInput" }).nullish(),
    slug: slugText,
    tags: idList.optional(),
  })
  .superRefine(({ tags: _, ...texts }, context) => named("documentTitleRequired", "title")(texts, context));
export const documentInputSchema = documentSchema.transform(({ tags, ...texts }) => ({
  titles: byLanguage("title", texts),
  descriptions: byLanguage("description", texts),
  sources: byLanguage("source", texts),
  date: texts.date ?? null,
  slug: texts.slug,
  tags: [...new Set(tags ?? [])],
}));
export type DocumentInput = z.infer<typeof documentInputSchema>;

/**
 * POST /api/documents/{id}/prepare: flatten the pages to pictures, at `dpi` (72 to 300), and with
 * `ocr` read their words back from the pictures (only a flattened file: a rewritten one keeps its text).
 */
export const documentPrepareSchema = z
  .object({
    flatten: z.boolean({ error: "invalidInput" }).default(false),
    dpi: z.number({ error: "invalidInput" }).int({ error: "invalidInput" }).min(72, { error: "invalidInput" }).max(300, { error: "invalidInput" }).optional(),
    ocr: z.boolean({ error: "invalidInput" }).default(false),
  })
  .refine((options) => options.flatten || !options.ocr, { error: "documentOcrNeedsFlatten", path: ["ocr"] });

/** POST /api/documents/{id}/publish: with `override`, an editor's written reason to publish a file with findings left. */
export const documentPublishSchema = z.object({
  override: z
    .object(
      { reason: z.string({ error: "overrideReasonRequired" }).trim().min(1, { error: "overrideReasonRequired" }).max(NOTE_MAX, tooLong) },
      { error: "overrideReasonRequired" },
    )
    .optional(),
});

/** POST /api/documents/{id}/withdraw: why a published document is taken down (kept in the audit trail). */
export const documentWithdrawSchema = z.object({
  reason: z.string({ error: "withdrawReasonRequired" }).trim().min(1, { error: "withdrawReasonRequired" }).max(NOTE_MAX, tooLong),
});

/** GET /api/documents: the back office's list, newest first, one page at a time; `q`, words of a title in any language. */
export const documentsQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX).catch("").default(""),
  limit: pageSize(20),
  page: pageNumber,
});

/** PUT /api/documents/{id}/articles: the articles whose stories the document belongs to (all of a story's languages). */
export const documentArticlesSchema = z.object({ articles: z.array(id, { error: "invalidInput" }).max(LIST_LIMIT_MAX, tooLong) });

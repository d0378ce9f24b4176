/**
 * Evidence documents (issue 38): upload, examination, preparation and publication, and who may do
 * each. Nothing is published that has not been prepared (preparation always drops the metadata,
 * scripts, attachments and earlier versions), and nothing whose prepared file still has findings
 * unless an editor writes why (audited). Until published, a document's files stay in the database
 * (document-files.ts), never where readers can reach them.
 *
 * Who (app/lib/roles.ts, as for articles): every newsroom role may upload, since contributors
 * gather documents too, and sees and prepares its own uploads; editors and admins see and prepare
 * every one. Publishing takes the right to publish articles (authors: their own uploads); publishing
 * despite findings takes an editor's or admin's word.
 */
import { type SQL, and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DocumentArticle, DocumentDetailJson, DocumentEmbedJson, DocumentFinding, DocumentJson, DocumentsPage, PublicDocumentJson, Tag } from "~/lib/api-types";
import { type Locale, translate } from "~/lib/i18n";
import { languageConfig } from "~/lib/languages";
import { type DocumentFile, LANGUAGES } from "~/lib/limits";
import { keyedByLanguage, storedTexts } from "~/lib/language-texts";
import type { MessageKey } from "~/lib/messages";
import { type ArticleOwnership, mayEditArticle, roleCan } from "~/lib/roles";
import { documentArticlesSchema, documentInputSchema, documentPrepareSchema, documentPublishSchema, documentWithdrawSchema, type documentsQuerySchema } from "~/lib/schemas";
import { slugOrFallback, uniqueSlug } from "~/lib/slug";
import type { Database, Executor } from "../db/connection";
import { articles, documentStories, documentTags, documents, tags } from "../db/schema";
import { AppError } from "../errors";
import { publicContentUnchanged } from "../cache/public-changes";
import { config } from "../platform/config";
import { type Actor, requireAbility, requireArticleEditor, seesUnpublished } from "./actor";
import { fileKind } from "../documents/file-kind";
import { DocumentJobError } from "../documents/worker-pool";
import { recordAudit } from "./audit";
import { readDocumentFile, sha256Of, storeDocumentFile } from "./document-files";
import type { DocumentJobs, DocumentWorker } from "./document-jobs";
import { drawPage, removePublishedFiles } from "./document-pages";
import type { MediaStorage } from "../storage";
import { documentSearchVectorWithTexts } from "./document-search";
import { namesOf } from "./names";
import { idOrSlugKey, slugSourceOf } from "./slugs";

/**
 * A document's columns but the search vector: every word of the published text, which only the
 * search reads (document-search.ts), and which would otherwise ride along on every page and list.
 */
const { searchVector: _searchVector, ...documentColumns } = getTableColumns(documents);
type DocumentRow = Omit<typeof documents.$inferSelect, "searchVector">;

/** When a client whose upload found the jobs full should ask again. */
const BUSY_RETRY_SECONDS = 30;

const ownership = (row: DocumentRow): ArticleOwnership => ({ authorId: row.createdBy, isPublished: row.publishedAt !== null });

/** May the actor see the document in the back office (findings, files, progress)? */
const sees = (actor: Actor | null, row: DocumentRow) => seesUnpublished(actor, ownership(row));

/** The document, for someone who may change it: not found for one who may not see it, refused for one who may only see it. */
function requireDocumentEditor(actor: Actor | null, row: DocumentRow | undefined): { staff: Actor; row: DocumentRow } {
  const staff = requireAbility(actor, "backOffice");
  if (!row || !sees(staff, row)) throw new AppError(404, "documentNotFound");
  if (!mayEditArticle(staff.role, staff.id, ownership(row))) throw new AppError(403, "roleForbidden");
  return { staff, row };
}

const findingsJson = (findings: DocumentRow["originalFindings"]): DocumentFinding[] | null =>
  findings?.map(({ kind, page, rect, text, pageSize }) => ({ kind, page, rect, text, page_size: pageSize ?? null })) ?? null;

const texts = (row: DocumentRow) => ({
  ...keyedByLanguage("title", row.titles),
  ...keyedByLanguage("description", row.descriptions),
  ...keyedByLanguage("source", row.sources),
});

/** Everything, for the newsroom. The top-level sha256, pages and findings are the current file's: the prepared one once there is one. */
function documentJson(row: DocumentRow, locale: Locale): DocumentJson {
  const prepared = row.preparedSha256 !== null;
  return {
    id: row.id,
    slug: row.slug,
    ...texts(row),
    date: row.documentDate,
    status: row.status,
    sha256: prepared ? row.preparedSha256! : row.originalSha256,
    pages: prepared ? row.preparedPages : row.originalPages,
    findings: findingsJson(prepared ? row.preparedFindings : row.originalFindings) ?? [],
    progress: row.job !== null && row.progressPage !== null && row.progressPages !== null ? { page: row.progressPage, pages: row.progressPages } : null,
    failure: row.failure ? translate(locale, row.failure as MessageKey) : null,
    original: { name: row.originalName, sha256: row.originalSha256, size: row.originalSize, pages: row.originalPages, findings: findingsJson(row.originalFindings) },
    prepared: prepared
      ? {
          sha256: row.preparedSha256!,
          size: row.preparedSize!,
          pages: row.preparedPages,
          findings: findingsJson(row.preparedFindings),
          flatten: row.preparedWith?.flatten ?? false,
          dpi: row.preparedWith?.flatten ? (row.preparedWith.dpi ?? null) : null,
          ocr: (row.preparedWith?.ocr ?? []).length > 0,
        }
      : null,
    published_at: row.publishedAt?.toISOString() ?? null,
    url: row.publishedUrl,
    override: row.overrideReason ? { reason: row.overrideReason, by: row.overrideBy, at: row.overrideAt!.toISOString() } : null,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The articles of the stories the document is attached to, each story's languages together. */
async function attachedArticles(db: Executor, documentId: number): Promise<DocumentArticle[]> {
  const rows = await db
    .select({ id: articles.id, slug: articles.slug, title: articles.title, language: articles.language, isPublished: articles.isPublished })
    .from(documentStories)
    .innerJoin(articles, eq(articles.storyId, documentStories.storyId))
    .where(eq(documentStories.documentId, documentId))
    .orderBy(asc(documentStories.storyId), asc(articles.language));
  return rows.map(({ isPublished, ...article }) => ({ ...article, is_published: isPublished }));
}

/** The document's tags, named in the client's language. */
async function tagsOf(db: Executor, documentId: number, locale: Locale): Promise<Tag[]> {
  const rows = await db
    .select({ id: tags.id, names: tags.names, slug: tags.slug })
    .from(documentTags)
    .innerJoin(tags, eq(tags.id, documentTags.tagId))
    .where(eq(documentTags.documentId, documentId))
    .orderBy(asc(tags.id));
  return rows.map((row) => ({ id: row.id, ...namesOf(row, locale), slug: row.slug }));
}

/** One document for the newsroom: the list's fields, its tags and the stories it is attached to. */
async function documentDetail(db: Executor, row: DocumentRow, locale: Locale): Promise<DocumentDetailJson> {
  return { ...documentJson(row, locale), articles: await attachedArticles(db, row.id), tags: await tagsOf(db, row.id, locale) };
}

/**
 * The pictures and text drawn from the published file, named after it in the same store
 * (`{sha256}.pdf` → `{sha256}-p{n}.webp`, `-p{n}-720w.webp`, `-t{n}.webp`, `-text.json`), wherever that store is.
 */
function publishedPages(row: DocumentRow): Pick<PublicDocumentJson, "page_images" | "text_url"> {
  const base = row.publishedUrl!.replace(/\.pdf$/, "");
  return {
    page_images: (row.pageSizes ?? []).map(({ width, height, drawn, phone }, index) => ({
      number: index + 1,
      width,
      height,
      image: `${base}-p${index + 1}.webp`,
      thumbnail: `${base}-t${index + 1}.webp`,
      image_widths: drawn && phone ? [{ url: `${base}-p${index + 1}-${phone}w.webp`, width: phone }, { url: `${base}-p${index + 1}.webp`, width: drawn }] : [],
    })),
    text_url: row.hasText ? `${base}-text.json` : null,
  };
}

/** What readers may know of a published document: its texts and its published file, no findings, nothing of the original. */
async function publicDocumentJson(db: Executor, row: DocumentRow, locale: Locale): Promise<PublicDocumentJson> {
  const published = (await attachedArticles(db, row.id)).filter((article) => article.is_published);
  return {
    id: row.id,
    slug: row.slug,
    ...texts(row),
    date: row.documentDate,
    sha256: row.preparedSha256!,
    pages: row.preparedPages,
    size: row.preparedSize!,
    url: row.publishedUrl!,
    published_at: row.publishedAt!.toISOString(),
    ...publishedPages(row),
    articles: published.map(({ is_published: _, ...article }) => article),
    tags: await tagsOf(db, row.id, locale),
  };
}

const busy = () => new AppError(503, "documentsBusy", undefined, BUSY_RETRY_SECONDS);

/** Every language of the site that Tesseract can read (its `ocrLanguage`): a scan may mix them. */
const OCR_LANGUAGES = LANGUAGES.flatMap((language) => languageConfig(language).ocrLanguage ?? []);

/** The largest upload, in bytes (MAX_DOCUMENT_MB). */
export const maxDocumentBytes = (): number => config().maxDocumentBytes;

/**
 * POST /api/documents: stores the original, privately, and starts its examination in the
 * background; the answer says `examining` and GET tells the rest. The examination takes
 * `file.bytes` (their buffer moves to the documents worker): the caller keeps a copy if it needs one.
 */
export async function uploadDocument(
  db: Database,
  jobs: DocumentJobs,
  actor: Actor | null,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, unknown>,
  locale: Locale,
  now = new Date(),
): Promise<DocumentDetailJson> {
  const author = requireAbility(actor, "backOffice");
  if (file.bytes.byteLength === 0) throw new AppError(400, "noFile");
  const max = maxDocumentBytes();
  if (file.bytes.byteLength > max) throw new AppError(413, "documentTooLarge", { max: Math.round(max / 1024 / 1024) });
  // A PDF or a photo or scan, by its bytes: the name and the declared type are the client's word.
  if (fileKind(file.bytes) === null) throw new AppError(415, "documentNotPdf");
  const input = documentInputSchema.parse(fields);
  if (!jobs.hasRoom()) throw busy();
  // Hashed before the transaction, which holds the embedded database's one session while it runs.
  const sha256 = await sha256Of(file.bytes);
  const row = await db.transaction(async (tx) => {
    const slug = await uniqueSlug(slugOrFallback(input.slug || slugSourceOf(input.titles), "document"), async (candidate) => {
      const [taken] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.slug, candidate));
      return taken !== undefined;
    });
    const [inserted] = await tx
      .insert(documents)
      .values({
        slug,
        titles: storedTexts(input.titles),
        descriptions: storedTexts(input.descriptions),
        sources: storedTexts(input.sources),
        documentDate: input.date,
        status: "examining",
        job: { kind: "examine" },
        leaseUntil: jobs.leaseFrom(now),
        originalName: file.name.normalize("NFC").slice(0, 500),
        originalSha256: sha256,
        originalSize: file.bytes.byteLength,
        createdBy: author.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(documentColumns);
    if (input.tags.length > 0) {
      const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tags));
      if (found.length !== input.tags.length) throw new AppError(400, "unknownTags");
      await tx.insert(documentTags).values(input.tags.map((tagId) => ({ documentId: inserted!.id, tagId })));
    }
    await storeDocumentFile(tx, inserted!.id, "original", file.bytes);
    await recordAudit(tx, author, "document.upload", { id: inserted!.id, label: slug });
    return inserted!;
  });
  // An upload is the newsroom's alone: readers' cached pages stay (a cleared cache is a burst of renders).
  publicContentUnchanged();
  jobs.run(row.id, file.bytes);
  return documentDetail(db, row, locale);
}

/** The row an address names: by id when the key is one, else by slug. */
async function findDocument(db: Executor, key: string): Promise<DocumentRow | undefined> {
  const { id, slug } = idOrSlugKey(key);
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .where(or(eq(documents.id, id), eq(documents.slug, slug)))
    .orderBy(desc(eq(documents.id, id)))
    .limit(1);
  return row;
}

/**
 * GET /api/documents/{id or slug}: everything for those in the newsroom who may see it; for
 * everyone else a published document without its findings, and 404 for any other, so that an
 * unpublished document is never known to exist.
 */
export async function getDocument(db: Executor, actor: Actor | null, key: string, locale: Locale): Promise<{ document: DocumentDetailJson | PublicDocumentJson }> {
  const row = await findDocument(db, key);
  if (row && sees(actor, row)) return { document: await documentDetail(db, row, locale) };
  if (row?.publishedAt) return { document: await publicDocumentJson(db, row, locale) };
  throw new AppError(404, "documentNotFound");
}

/** A published document for readers' pages, the same for every reader; not found for any other. */
export async function getPublicDocument(db: Executor, key: string, locale: Locale): Promise<PublicDocumentJson> {
  const row = await findDocument(db, key);
  if (!row?.publishedAt) throw new AppError(404, "documentNotFound");
  return publicDocumentJson(db, row, locale);
}

/**
 * The published documents of an article's story, in the order they were published, as the story's
 * embeds show them: what a card needs (its first page's thumbnail), not the pages themselves,
 * which the viewer asks for when a reader opens one.
 */
export async function storyDocuments(db: Executor, articleId: number): Promise<DocumentEmbedJson[]> {
  const rows = await db
    .select({ document: documentColumns })
    .from(articles)
    .innerJoin(documentStories, eq(documentStories.storyId, articles.storyId))
    .innerJoin(documents, eq(documents.id, documentStories.documentId))
    .where(and(eq(articles.id, articleId), isNotNull(documents.publishedAt)))
    .orderBy(asc(documents.publishedAt), asc(documents.id));
  return rows.map(({ document: row }) => ({
    id: row.id,
    slug: row.slug,
    ...texts(row),
    pages: row.preparedPages,
    first_page: publishedPages(row).page_images[0] ?? null,
  }));
}

/** A title, in any of the document's languages, holding `words` as typed (case aside). */
const titled = (words: string): SQL => sql`exists (select 1 from jsonb_each_text(${documents.titles}) as title where strpos(lower(title.value), lower(${words})) > 0)`;

/** GET /api/documents: the newsroom's list, newest first; one's own uploads unless one sees every one; `q` narrows it by title. */
export async function listDocuments(db: Executor, actor: Actor | null, query: z.output<typeof documentsQuerySchema>, locale: Locale): Promise<DocumentsPage> {
  const staff = requireAbility(actor, "backOffice");
  const where = and(roleCan(staff.role, "editEveryArticle") ? undefined : eq(documents.createdBy, staff.id), query.q ? titled(query.q) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(documentColumns)
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(documents).where(where),
  ]);
  return { documents: rows.map((row) => documentJson(row, locale)), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

async function lockDocument(tx: Executor, id: number): Promise<DocumentRow | undefined> {
  const [row] = await tx.select(documentColumns).from(documents).where(eq(documents.id, id)).for("update");
  return row;
}

/**
 * POST /api/documents/{id}/prepare: a new file made from the original (preparation always starts
 * from it), examined again, in the background like the upload's examination.
 */
export async function prepareDocument(
  db: Database,
  jobs: DocumentJobs,
  actor: Actor | null,
  id: number,
  body: unknown,
  locale: Locale,
  now = new Date(),
): Promise<DocumentDetailJson> {
  requireAbility(actor, "backOffice");
  const options = documentPrepareSchema.parse(body);
  const row = await db.transaction(async (tx) => {
    const { staff, row } = requireDocumentEditor(actor, await lockDocument(tx, id));
    if (row.publishedAt || row.status === "publishing") throw new AppError(409, "documentPublished");
    if (row.status === "examining") throw new AppError(409, "documentExamining");
    if (!jobs.hasRoom()) throw busy();
    const job = options.flatten ? { kind: "prepare" as const, flatten: true, dpi: options.dpi, ocr: options.ocr ? OCR_LANGUAGES : [] } : { kind: "prepare" as const, flatten: false };
    const [updated] = await tx
      .update(documents)
      .set({ status: "examining", job, leaseUntil: jobs.leaseFrom(now), failure: null, progressPage: null, progressPages: null, updatedAt: now })
      .where(eq(documents.id, id))
      .returning(documentColumns);
    await recordAudit(tx, staff, "document.prepare", { id, label: row.slug }, options.flatten ? `flatten, ${options.dpi ?? "default"} dpi${options.ocr ? ", OCR" : ""}` : "rewrite");
    return updated!;
  });
  publicContentUnchanged();
  jobs.run(row.id);
  return documentDetail(db, row, locale);
}

/**
 * POST /api/documents/{id}/publish: the prepared file's pages are drawn for readers in the
 * background (document-pages.ts; status `publishing`), and the document is published once they
 * are. Refused while it is not prepared or still being examined, and while its findings remain,
 * unless an editor gives a written reason (kept on the document and in the audit trail).
 */
export async function publishDocument(
  db: Database,
  jobs: DocumentJobs,
  actor: Actor | null,
  id: number,
  body: unknown,
  locale: Locale,
  now = new Date(),
): Promise<DocumentDetailJson> {
  requireAbility(actor, "backOffice");
  const { override } = documentPublishSchema.parse(body);
  const { row, started } = await db.transaction(async (tx) => {
    const { staff, row } = requireDocumentEditor(actor, await lockDocument(tx, id));
    if (!roleCan(staff.role, "publish")) throw new AppError(403, "roleForbidden");
    if (row.publishedAt || row.status === "publishing") return { row, started: false };
    if (row.status === "examining") throw new AppError(409, "documentExamining");
    if (row.status === "failed" || row.preparedSha256 === null) throw new AppError(409, "documentNotPrepared");
    const findings = row.preparedFindings ?? [];
    if (findings.length > 0 && !override) throw new AppError(409, "documentHasFindings");
    const overridden = findings.length > 0 && override !== undefined;
    if (overridden && !roleCan(staff.role, "editEveryArticle")) throw new AppError(403, "roleForbidden");
    if (!jobs.hasRoom()) throw busy();
    const [published] = await tx
      .update(documents)
      .set({
        status: "publishing",
        job: { kind: "render" },
        leaseUntil: jobs.leaseFrom(now),
        failure: null,
        progressPage: null,
        progressPages: null,
        updatedAt: now,
        ...(overridden ? { overrideReason: override.reason, overrideBy: staff.id, overrideAt: now } : {}),
      })
      .where(eq(documents.id, id))
      .returning(documentColumns);
    if (overridden) {
      const kinds = [...new Set(findings.map((finding) => finding.kind))].join(", ");
      await recordAudit(tx, staff, "document.override", { id, label: row.slug }, `${findings.length} findings (${kinds}): ${override.reason}`);
    } else {
      await recordAudit(tx, staff, "document.publish", { id, label: row.slug });
    }
    return { row: published!, started: true };
  });
  // Readers see the document once its pages are drawn: the job clears the cache then (runtime.ts).
  publicContentUnchanged();
  if (started) jobs.run(row.id);
  return documentDetail(db, row, locale);
}

/**
 * PUT /api/documents/{id}/articles: the stories the document belongs to, named by any of their
 * articles, replacing those it had. Both sides are changed: the document (its uploader, or an
 * editor) and each story (an article the actor may edit), since the document will show on them.
 */
export async function attachDocument(db: Database, actor: Actor | null, id: number, body: unknown, locale: Locale, now = new Date()): Promise<DocumentDetailJson> {
  requireAbility(actor, "backOffice");
  const { articles: ids } = documentArticlesSchema.parse(body);
  const row = await db.transaction(async (tx) => {
    const { staff, row } = requireDocumentEditor(actor, await lockDocument(tx, id));
    const wanted = [...new Set(ids)];
    const found =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: articles.id, storyId: articles.storyId, authorId: articles.authorId, isPublished: articles.isPublished })
            .from(articles)
            .where(inArray(articles.id, wanted));
    if (found.length !== wanted.length) throw new AppError(404, "articleNotFound");
    for (const article of found) requireArticleEditor(staff, article);
    const stories = [...new Set(found.map((article) => article.storyId))];
    await tx.delete(documentStories).where(eq(documentStories.documentId, id));
    if (stories.length > 0) await tx.insert(documentStories).values(stories.map((storyId) => ({ documentId: id, storyId })));
    const [updated] = await tx.update(documents).set({ updatedAt: now }).where(eq(documents.id, id)).returning(documentColumns);
    await recordAudit(tx, staff, "document.attach", { id, label: row.slug }, wanted.length > 0 ? `articles ${wanted.join(", ")}` : "none");
    return updated!;
  });
  // A story shows only published documents.
  if (!row.publishedAt) publicContentUnchanged();
  return documentDetail(db, row, locale);
}

/**
 * PUT /api/documents/{id}: the document's texts, date and tags, replaced by those sent (omitted
 * ones are emptied, as a form sends them all). The address stays once published, since readers and
 * other sites link to it; a published document's search keeps the words of its file.
 */
export async function updateDocument(db: Database, actor: Actor | null, id: number, body: unknown, locale: Locale, now = new Date()): Promise<DocumentDetailJson> {
  requireAbility(actor, "backOffice");
  const input = documentInputSchema.parse(body);
  const row = await db.transaction(async (tx) => {
    const { staff, row } = requireDocumentEditor(actor, await lockDocument(tx, id));
    const wanted = input.slug ? slugOrFallback(input.slug, "document") : row.slug;
    if (wanted !== row.slug && row.publishedAt) throw new AppError(409, "documentSlugPublished");
    const slug =
      wanted === row.slug
        ? row.slug
        : await uniqueSlug(wanted, async (candidate) => {
            const [taken] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.slug, candidate));
            return taken !== undefined && taken.id !== id;
          });
    if (input.tags.length > 0) {
      const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tags));
      if (found.length !== input.tags.length) throw new AppError(400, "unknownTags");
    }
    const [updated] = await tx
      .update(documents)
      .set({
        slug,
        titles: storedTexts(input.titles),
        descriptions: storedTexts(input.descriptions),
        sources: storedTexts(input.sources),
        documentDate: input.date,
        updatedAt: now,
      })
      .where(eq(documents.id, id))
      .returning(documentColumns);
    // A second statement: within the first, the columns still hold the texts before the edit.
    if (row.publishedAt) await tx.update(documents).set({ searchVector: documentSearchVectorWithTexts() }).where(eq(documents.id, id));
    await tx.delete(documentTags).where(eq(documentTags.documentId, id));
    if (input.tags.length > 0) await tx.insert(documentTags).values(input.tags.map((tagId) => ({ documentId: id, tagId })));
    await recordAudit(tx, staff, "document.update", { id, label: slug });
    return updated!;
  });
  // Until published, nothing of the document is on the public site.
  if (!row.publishedAt) publicContentUnchanged();
  return documentDetail(db, row, locale);
}

/**
 * POST /api/documents/{id}/withdraw {reason}: a published document taken down, by an editor or an
 * admin, when it should never have been public (a source found in it after all, a court's order).
 * Its public files go first, inside the transaction, so a failure leaves it published and says so
 * rather than leaving its file where readers can fetch it; the same file published as another
 * document stays. It can be published again; the reason is kept in the audit trail. A CDN in front
 * keeps its copies until they expire or the operator purges them (README, "Scaling out").
 */
export async function withdrawDocument(db: Database, storage: MediaStorage, actor: Actor | null, id: number, body: unknown, locale: Locale, now = new Date()): Promise<DocumentDetailJson> {
  requireAbility(actor, "backOffice");
  const { reason } = documentWithdrawSchema.parse(body);
  const row = await db.transaction(async (tx) => {
    const { staff, row } = requireDocumentEditor(actor, await lockDocument(tx, id));
    if (!roleCan(staff.role, "editEveryArticle")) throw new AppError(403, "roleForbidden");
    if (!row.publishedAt || !row.preparedSha256) throw new AppError(409, "documentNotPublished");
    const [shared] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.preparedSha256, row.preparedSha256), isNotNull(documents.publishedAt), ne(documents.id, id)))
      .limit(1);
    if (!shared) await removePublishedFiles(storage, row.preparedSha256, row.pageSizes ?? []);
    const [updated] = await tx
      .update(documents)
      .set({ publishedAt: null, publishedUrl: null, pageSizes: null, hasText: false, searchVector: null, updatedAt: now })
      .where(eq(documents.id, id))
      .returning(documentColumns);
    await recordAudit(tx, staff, "document.withdraw", { id, label: row.slug }, reason);
    return updated!;
  });
  return documentDetail(db, row, locale);
}

/**
 * DELETE /api/documents/{id}: a document never published, and its files, gone; audited. A
 * published one stays (readers and other sites may cite it), and one under a job waits for it.
 */
export async function deleteDocument(db: Database, actor: Actor | null, id: number): Promise<void> {
  requireAbility(actor, "backOffice");
  await db.transaction(async (tx) => {
    const { staff, row } = requireDocumentEditor(actor, await lockDocument(tx, id));
    if (row.publishedAt || row.status === "publishing") throw new AppError(409, "documentPublished");
    if (row.status === "examining") throw new AppError(409, "documentExamining");
    await tx.delete(documents).where(eq(documents.id, id));
    await recordAudit(tx, staff, "document.delete", { id, label: row.slug });
  });
  publicContentUnchanged();
}

/**
 * GET /api/documents/{id}/pages/{n}?file=original|prepared: one page of either file drawn now, for
 * those in the newsroom who may see the document (the findings are shown on it). An unpublished
 * file has no picture anywhere else, and this one is never stored.
 */
export async function documentPageImage(
  db: Executor,
  worker: DocumentWorker,
  actor: Actor | null,
  id: number,
  page: number,
  file: DocumentFile,
): Promise<Uint8Array<ArrayBuffer>> {
  const staff = requireAbility(actor, "backOffice");
  const [row] = await db.select(documentColumns).from(documents).where(eq(documents.id, id));
  if (!row || !sees(staff, row)) throw new AppError(404, "documentNotFound");
  const pages = file === "original" ? row.originalPages : row.preparedPages;
  const bytes = pages !== null && page <= pages ? await readDocumentFile(db, id, file) : null;
  const image = bytes ? await drawPage(worker, bytes, page).catch(workerRefusal) : null;
  if (!image) throw new AppError(404, "documentPageNotFound");
  return image;
}

/** The worker's "busy" is the client's 503; a file it cannot draw is no page to show. */
function workerRefusal(error: unknown): null {
  if (error instanceof DocumentJobError && error.reason === "busy") throw busy();
  if (error instanceof DocumentJobError) return null;
  throw error;
}

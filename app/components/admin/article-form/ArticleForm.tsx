/**
 * The article form of SPEC 2, for a new article and for an edit. Built so that an editor never
 * loses work: a local draft is kept while typing, leaving with unsaved changes asks first, a save
 * that fails (network, server, someone else's newer save) leaves everything on screen.
 */
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/components/i18n/links";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import { errorCode } from "~/lib/error-codes";
import type { ArticleDetail, Category, Tag, Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { inferLanguage } from "~/lib/language";
import { META_TITLE_MAX } from "~/lib/limits";
import { useFormatNumber, useLanguage, useLocalizePath, useMessages } from "~/components/i18n/i18n";
import { previewPath } from "~/lib/preview";
import { slugify } from "~/lib/slug";
import { BannerField } from "./BannerField";
import { ContentMediaField } from "./ContentMediaField";
import { type ArticleDraft, draftKey, writeDraft } from "./draft";
import { EditorErrorBoundary } from "./EditorErrorBoundary";
import { EditorPlaceholder } from "./EditorPlaceholder";
import { type ArticleFormValues, emptyValues, sameValues, schemaFields, toFormData, valuesFromArticle } from "./form-values";
import { errorClass, fieldClass, hintClass, labelClass, primaryButton, secondaryButton, sectionClass } from "./styles";
import { useArticleDraft } from "./use-article-draft";
import { useLeaveGuard } from "./use-leave-guard";

// TipTap and ProseMirror arrive only with this chunk, fetched once the form is on screen.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

/** The fields a failed check can point at, in the order the form shows them. */
const CHECKED_FIELDS = ["title", "meta_title", "meta_description", "writer_id", "content"] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

export interface ArticleFormProps {
  /** null for a new article. */
  article: ArticleDetail | null;
  categories: Category[];
  writers: Writer[];
  tags: Tag[];
}

const editPath = (slug: string) => `/admin/articles/edit/${encodeURIComponent(slug)}`;

export function ArticleForm({ article, categories, writers, tags }: ArticleFormProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const { formatDateTime } = useLanguage();
  const formatNumber = useFormatNumber();
  const id = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const fieldId = (field: CheckedField) => `${id}-${field}`;

  const [baseline, setBaseline] = useState<ArticleFormValues>(() => (article ? valuesFromArticle(article) : emptyValues()));
  const [values, setValues] = useState(baseline);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  /** The version the server last gave us, and the one a save claims to be editing. */
  const [serverVersion, setServerVersion] = useState(article?.updated_at ?? null);
  const [version, setVersion] = useState(serverVersion);
  const [editorKey, setEditorKey] = useState(0);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<CheckedField>>(new Set());
  const [conflict, setConflict] = useState(false);
  const conflictPanel = useRef<HTMLDivElement>(null);
  /** Counts refused saves, so that each one moves focus to the conflict panel once it is drawn. */
  const [refusedSaves, setRefusedSaves] = useState(0);
  useEffect(() => {
    if (refusedSaves > 0) conflictPanel.current?.focus();
  }, [refusedSaves]);
  const [uploads, setUploads] = useState(0);

  const key = draftKey(article?.slug ?? null);
  const dirty = !sameValues(values, baseline);
  const { blocker, allowNextNavigation } = useLeaveGuard(dirty);

  const draft = useArticleDraft(key, { values, dirty, version }, (kept: ArticleDraft) => {
    setValues(kept.values);
    setVersion(kept.updatedAt ?? serverVersion);
    setRestoredAt(kept.savedAt);
    setEditorKey((n) => n + 1);
    // Typed over an older version: saving it as it is would overwrite someone else's work.
    if (kept.updatedAt && serverVersion && kept.updatedAt !== serverVersion) setConflict(true);
  });

  const trackUpload = useCallback(<T,>(upload: Promise<T>) => {
    setUploads((n) => n + 1);
    return upload.finally(() => setUploads((n) => n - 1));
  }, []);

  function set<K extends keyof ArticleFormValues>(field: K, value: ArticleFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (invalid.has(field as CheckedField)) {
      const rest = new Set([...invalid].filter((f) => f !== field));
      setInvalid(rest);
      // Every field the message pointed at is fixed: the message no longer applies.
      if (rest.size === 0) setFormError(null);
    }
  }

  const language = values.language ?? inferLanguage(values.title);

  function fail(message: string, fields: CheckedField[] = []) {
    setFormError(message);
    setInvalid(new Set(fields));
    notify(message, "error");
    const first = CHECKED_FIELDS.find((f) => fields.includes(f));
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  /** Values typed while a save was on its way are kept for the page the save leads to. */
  function keepTypedSince(sent: ArticleFormValues, saved: ArticleDetail) {
    const now = valuesRef.current;
    if (sameValues(now, sent)) return;
    writeDraft(draftKey(saved.slug), { savedAt: new Date().toISOString(), values: { ...now, slug: saved.slug }, updatedAt: saved.updated_at });
  }

  async function save(claimedVersion = version) {
    if (saving) return;
    if (uploads > 0) {
      fail(messages.uploadsPending);
      return;
    }
    const sent = values;
    const { articleSchema, firstMessage } = await import("~/lib/schemas");
    const checked = articleSchema.safeParse(schemaFields(sent, language));
    if (!checked.success) {
      const fields = checked.error.issues.map((issue) => issue.path[0]).filter((f): f is CheckedField => CHECKED_FIELDS.includes(f as CheckedField));
      // One message covers title, content and writer (SPEC 5): mark whichever of them is empty.
      const empty = (["title", "writer_id", "content"] as const).filter((f) => String(sent[f]).trim() === "");
      const problem = firstMessage(checked.error);
      fail(messages[problem], problem === "articleRequired" ? empty : fields);
      return;
    }

    setSaving(true);
    setFormError(null);
    setInvalid(new Set());
    try {
      const form = toFormData(sent, { language, relatedIds: article?.related_news_ids ?? [], updatedAt: claimedVersion ?? undefined });
      const result = article
        ? await apiRequest<ArticleDetail>(`/api/news/${encodeURIComponent(article.slug)}`, { method: "PUT", form })
        : await apiRequest<ArticleDetail>("/api/news", { method: "POST", form });

      if (result.ok) {
        const saved = result.data;
        draft.forget();
        setConflict(false);
        setRestoredAt(null);
        notify(article ? messages.articleUpdated : messages.articleCreated, "success");
        if (!article || saved.slug !== article.slug) {
          // A new article continues in its edit page, where it can be previewed and saved again.
          keepTypedSince(sent, saved);
          allowNextNavigation();
          navigate(localize(editPath(saved.slug)), { replace: true });
          return;
        }
        setBaseline(sent);
        setServerVersion(saved.updated_at);
        setVersion(saved.updated_at);
        return;
      }

      draft.flush();
      if (result.code === errorCode("editConflict")) {
        setConflict(true);
        setRefusedSaves((n) => n + 1);
        notify(messages.editConflict, "error");
        return;
      }
      console.error("Saving the article failed", result.status, result.error ?? "(no answer from the server)");
      const fallback = result.status === 0 ? messages.articleSaveFailed : article ? messages.articleUpdateFailed : messages.articleCreateFailed;
      fail(result.error ?? fallback);
    } catch (error) {
      console.error("Saving the article failed", error);
      draft.flush();
      fail(messages.articleSaveFailed);
    } finally {
      setSaving(false);
    }
  }

  /** After a conflict, the editor may decide that what is on screen wins. */
  async function saveOverLatest() {
    if (!article) return;
    const latest = await apiRequest<ArticleDetail>(`/api/news/${encodeURIComponent(article.slug)}`);
    if (!latest.ok) {
      fail(latest.error ?? messages.articleUpdateFailed);
      return;
    }
    setVersion(latest.data.updated_at);
    await save(latest.data.updated_at);
  }

  function discardDraft() {
    draft.forget();
    setValues(baseline);
    setVersion(serverVersion);
    setRestoredAt(null);
    setConflict(false);
    setConfirmDiscard(false);
    setEditorKey((n) => n + 1);
  }

  const slugHint = values.slug.trim()
    ? formatMessage(messages.slugHintAddress, { slug: slugify(values.slug) })
    : article
      ? formatMessage(messages.slugHintKept, { slug: article.slug })
      : formatMessage(messages.slugHintDerived, { slug: slugify(values.title) || "…" });
  const ariaInvalid = (field: CheckedField) => (invalid.has(field) ? true : undefined);

  return (
    <div className="mx-auto max-w-4xl">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{article ? messages.editArticle : messages.newArticle}</h1>
        {article ? (
          <a href={localize(previewPath(article.slug))} target="_blank" rel="noopener" className="font-medium text-brand underline underline-offset-2 hover:no-underline">
            {messages.previewArticle} <span className="sr-only">{messages.opensInNewTab}</span>
          </a>
        ) : null}
      </header>

      {restoredAt ? (
        <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">{formatMessage(messages.draftRestored, { time: formatDateTime(restoredAt) })}</p>
          <button type="button" className={secondaryButton} onClick={() => setConfirmDiscard(true)}>
            {messages.discardDraft}
          </button>
        </div>
      ) : null}

      {conflict && article ? (
        <div
          ref={conflictPanel}
          role="alert"
          tabIndex={-1}
          className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-4 text-red-900 focus:outline-2 focus:outline-red-700 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-semibold">{messages.editConflict}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <a href={localize(previewPath(article.slug))} target="_blank" rel="noopener" className={secondaryButton}>
              {messages.openLatestVersion}
            </a>
            <button type="button" className={secondaryButton} disabled={saving} onClick={() => void saveOverLatest()} aria-describedby={`${id}-overwrite`}>
              {messages.saveAnyway}
            </button>
          </div>
          <p id={`${id}-overwrite`} className="mt-2 text-sm">
            {messages.saveAnywayHint}
          </p>
        </div>
      ) : null}

      <div className="mt-6 space-y-6">
        <section className={`${sectionClass} space-y-5`}>
          <div>
            <label htmlFor={fieldId("title")} className={labelClass}>
              {messages.articleTitle}
            </label>
            <input
              id={fieldId("title")}
              value={values.title}
              onChange={(event) => set("title", event.target.value)}
              aria-invalid={ariaInvalid("title")}
              className={`${fieldClass} text-lg font-semibold`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-slug`} className={labelClass}>
              {messages.articleSlug}
            </label>
            <input
              id={`${id}-slug`}
              value={values.slug}
              onChange={(event) => set("slug", event.target.value)}
              aria-describedby={`${id}-slug-hint`}
              autoCapitalize="none"
              spellCheck={false}
              className={`${fieldClass} font-mono text-sm`}
            />
            <p id={`${id}-slug-hint`} className={`${hintClass} break-all`}>
              {slugHint}
            </p>
          </div>
          <div>
            <label htmlFor={fieldId("meta_title")} className={labelClass}>
              {messages.metaTitle}
            </label>
            <input
              id={fieldId("meta_title")}
              value={values.meta_title}
              onChange={(event) => set("meta_title", event.target.value)}
              aria-invalid={ariaInvalid("meta_title")}
              aria-describedby={`${id}-meta-title-count`}
              className={fieldClass}
            />
            <p
              id={`${id}-meta-title-count`}
              className={`${hintClass} tabular-nums ${values.meta_title.trim().length > META_TITLE_MAX ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
            >
              {formatMessage(messages.characterCount, { count: formatNumber(values.meta_title.trim().length), max: formatNumber(META_TITLE_MAX) })}
            </p>
          </div>
          <div>
            <label htmlFor={fieldId("meta_description")} className={labelClass}>
              {messages.metaDescription}
            </label>
            <textarea
              id={fieldId("meta_description")}
              rows={3}
              value={values.meta_description}
              onChange={(event) => set("meta_description", event.target.value)}
              aria-invalid={ariaInvalid("meta_description")}
              className={fieldClass}
            />
          </div>
        </section>

        <section className={`${sectionClass} grid gap-5 sm:grid-cols-3`}>
          <div>
            <label htmlFor={`${id}-category`} className={labelClass}>
              {messages.category}
            </label>
            <select id={`${id}-category`} value={values.category_id} onChange={(event) => set("category_id", event.target.value)} className={fieldClass}>
              <option value="">{messages.uncategorized}</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fieldId("writer_id")} className={labelClass}>
              {messages.writer}
            </label>
            <select
              id={fieldId("writer_id")}
              value={values.writer_id}
              onChange={(event) => set("writer_id", event.target.value)}
              aria-invalid={ariaInvalid("writer_id")}
              className={fieldClass}
            >
              <option value="">{messages.chooseWriter}</option>
              {writers.map((writer) => (
                <option key={writer.id} value={String(writer.id)}>
                  {writer.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-language`} className={labelClass}>
              {messages.language}
            </label>
            <select
              id={`${id}-language`}
              value={language}
              onChange={(event) => set("language", event.target.value === "ne" ? "ne" : "en")}
              aria-describedby={values.language === null ? `${id}-language-hint` : undefined}
              className={fieldClass}
            >
              <option value="ne">{messages.languageNepali}</option>
              <option value="en">{messages.languageEnglish}</option>
            </select>
            {values.language === null ? (
              <p id={`${id}-language-hint`} className={hintClass}>
                {messages.languageInferred}
              </p>
            ) : null}
          </div>
        </section>

        <section className={sectionClass}>
          <BannerField value={values.banner} onChange={(update) => setValues((v) => ({ ...v, banner: update(v.banner) }))} trackUpload={trackUpload} />
        </section>

        <section className={sectionClass}>
          <p id={`${id}-content-label`} className={labelClass}>
            {messages.content}
          </p>
          <EditorErrorBoundary>
            <Suspense fallback={<EditorPlaceholder />}>
              {draft.ready ? (
                <RichTextEditor
                  key={editorKey}
                  id={fieldId("content")}
                  initialContent={values.content}
                  onChange={(html) => set("content", html)}
                  labelledBy={`${id}-content-label`}
                  invalid={invalid.has("content")}
                />
              ) : (
                <EditorPlaceholder />
              )}
            </Suspense>
          </EditorErrorBoundary>
        </section>

        <section className={sectionClass}>
          <ContentMediaField value={values.media} onChange={(update) => setValues((v) => ({ ...v, media: update(v.media) }))} trackUpload={trackUpload} />
        </section>

        <section className={sectionClass}>
          <fieldset>
            <legend className={labelClass}>{messages.tags}</legend>
            <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {tags.map((tag) => (
                <label key={tag.id} className="flex items-center gap-2 rounded px-1 py-1.5 hover:bg-neutral-50 dark:hover:bg-neutral-800">
                  <input
                    type="checkbox"
                    checked={values.tags.includes(tag.id)}
                    onChange={(event) =>
                      set("tags", event.target.checked ? [...values.tags, tag.id] : values.tags.filter((t) => t !== tag.id))
                    }
                    className="h-4 w-4 accent-brand"
                  />
                  <span>{tag.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>

        <section className={`${sectionClass} flex flex-col gap-3 sm:flex-row sm:gap-8`}>
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" checked={values.is_published} onChange={(event) => set("is_published", event.target.checked)} className="h-4 w-4 accent-brand" />
            {messages.publishImmediately}
          </label>
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" checked={values.is_featured} onChange={(event) => set("is_featured", event.target.checked)} className="h-4 w-4 accent-brand" />
            {messages.markFeatured}
          </label>
        </section>
      </div>

      {/* Save stays in reach however long the article is. */}
      <div data-sticky-actions className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-neutral-200 bg-neutral-100/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:mx-0 lg:rounded-t-lg lg:border-x lg:bg-white/95 lg:px-5 lg:shadow-[0_-2px_8px_rgb(0_0_0/0.06)] dark:border-neutral-800 dark:bg-neutral-950/95 lg:dark:bg-neutral-900/95">
        {formError ? (
          <p role="alert" className={`${errorClass} mt-0 mb-3`}>
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {dirty ? (
            <p className="mr-auto text-sm text-neutral-600 dark:text-neutral-400">
              <span className="font-semibold text-neutral-900 dark:text-neutral-100">{messages.unsavedChanges}.</span> {messages.draftKept}
            </p>
          ) : null}
          <Link to="/admin/articles" className={secondaryButton}>
            {messages.cancel}
          </Link>
          <button type="button" className={primaryButton} disabled={saving} onClick={() => void save()}>
            {saving ? messages.saving : messages.save}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={blocker.state === "blocked"}
        message={messages.confirmLeaveUnsaved}
        confirmLabel={messages.leavePage}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
      <ConfirmDialog
        open={confirmDiscard}
        message={messages.confirmDiscardDraft}
        confirmLabel={messages.discardDraft}
        onConfirm={discardDraft}
        onCancel={() => setConfirmDiscard(false)}
      />
    </div>
  );
}

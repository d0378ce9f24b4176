/**
 * The article form of docs/product.md#the-article-form, for a new article and for an edit. What it does with the values
 * (draft, checks, save, conflicts) lives in useArticleEditing; this draws it, asks before leaving
 * unsaved changes behind, and moves focus where the editor needs to look.
 */
import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/components/i18n/links";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { TagChoices, withTag } from "~/components/admin/TagChoices";
import type { ArticleDetail, Category, ReviewState, Tag, Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { LANGUAGES, META_TITLE_MAX } from "~/lib/limits";
import { isLocale } from "~/lib/i18n";
import { languageNameIn } from "~/lib/language-names";
import { useFormatNumber, useLanguage, useLocalizePath, useMessages } from "~/contexts/i18n";
import { previewPath } from "~/lib/preview";
import { slugify } from "~/lib/slug";
import { fromNepalLocalInput } from "~/lib/dates";
import { BannerField } from "./BannerField";
import { ContentMediaField } from "./ContentMediaField";
import { EditorErrorBoundary } from "./EditorErrorBoundary";
import { EditorPlaceholder } from "./EditorPlaceholder";
import { errorClass, fieldClass, hintClass, labelClass, primaryButton, secondaryButton, sectionClass } from "./styles";
import { TranslationAction } from "./TranslationAction";
import { ReviewPanel } from "./ReviewPanel";
import { NotesPanel } from "./NotesPanel";
import { RevisionsPanel } from "./RevisionsPanel";
import { articleEditPath } from "~/lib/admin-paths";
import { type CheckedField, useArticleEditing } from "./use-article-editing";
import { ticksChangedEarly, valuesTypedEarly } from "~/components/admin/typed-before-hydration";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { useLeaveGuard } from "./use-leave-guard";

// TipTap and ProseMirror arrive only with this chunk, fetched once the form is on screen.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

export interface ArticleFormProps {
  /** null for a new article. */
  article: ArticleDetail | null;
  /** Where the article stands in review; null for a new article. */
  review: ReviewState | null;
  categories: Category[];
  writers: Writer[];
  tags: Tag[];
}


export function ArticleForm({ article, review, categories, writers, tags }: ArticleFormProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const { formatDateTime, formatScheduleTime } = useLanguage();
  const formatNumber = useFormatNumber();
  const id = useId();
  const navigate = useNavigate();
  const fieldId = (field: CheckedField) => `${id}-${field}`;
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const role = useNewsroomRole();

  const editing = useArticleEditing(article, {
    onMoved: (saved) => {
      // A new article continues in its edit page, where it can be previewed and saved again.
      allowNextNavigation();
      navigate(localize(articleEditPath(saved.slug)), { replace: true });
    },
    onInvalid: (field) => document.getElementById(fieldId(field))?.focus(),
  });
  const { values, set, language, invalid, saving } = editing;
  const { blocker, allowNextNavigation } = useLeaveGuard(editing.dirty);

  // See typed-before-hydration: what the editor typed or ticked while the scripts were loading is
  // kept, on top of a restored draft (its effect runs first).
  const formRoot = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    const typed = valuesTypedEarly(
      {
        title: fieldId("title"),
        slug: `${id}-slug`,
        meta_title: fieldId("meta_title"),
        meta_description: fieldId("meta_description"),
        category_id: `${id}-category`,
        writer_id: fieldId("writer_id"),
        language: `${id}-language`,
        publish_at: `${id}-publish-at`,
      },
      {
        title: values.title,
        slug: values.slug,
        meta_title: values.meta_title,
        meta_description: values.meta_description,
        category_id: values.category_id,
        writer_id: values.writer_id,
        language,
        publish_at: values.publish_at ?? "",
      },
    );
    for (const [field, value] of typed) {
      if (field !== "language") set(field, value);
      else if (isLocale(value)) set("language", value);
    }
    const root = formRoot.current;
    if (!root) return;
    const tags = ticksChangedEarly(root, "tags", values.tags.map(String));
    if (tags) set("tags", tags.map(Number));
    for (const box of ["is_published", "is_featured"] as const) {
      const ticked = ticksChangedEarly(root, box, values[box] ? ["on"] : []);
      if (ticked) set(box, ticked.length > 0);
    }
  }, []);

  const conflictPanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (editing.refusedSaves > 0) conflictPanel.current?.focus();
  }, [editing.refusedSaves]);

  function discardDraft() {
    editing.discardDraft();
    setConfirmDiscard(false);
  }

  const slugHint = values.slug.trim()
    ? formatMessage(messages.slugHintAddress, { slug: slugify(values.slug) })
    : article
      ? formatMessage(messages.slugHintKept, { slug: article.slug })
      : formatMessage(messages.slugHintDerived, { slug: slugify(values.title) || "…" });
  const publishAt = values.publish_at ? fromNepalLocalInput(values.publish_at) : null;
  const ariaInvalid = (field: CheckedField) => (invalid.has(field) ? true : undefined);

  return (
    <div ref={formRoot} className="mx-auto max-w-4xl">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{article ? messages.editArticle : messages.newArticle}</h1>
        {article ? (
          <div className="flex flex-wrap items-start gap-x-5 gap-y-2">
            <TranslationAction article={article} dirty={editing.dirty} onLeave={allowNextNavigation} />
            <a href={localize(previewPath(article.slug))} target="_blank" rel="noopener" className="font-medium text-brand underline underline-offset-2 hover:no-underline">
              {messages.previewArticle} <span className="sr-only">{messages.opensInNewTab}</span>
            </a>
          </div>
        ) : null}
      </header>

      {editing.restoredAt ? (
        <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">{formatMessage(messages.draftRestored, { time: formatDateTime(editing.restoredAt) })}</p>
          <button type="button" className={secondaryButton} onClick={() => setConfirmDiscard(true)}>
            {messages.discardDraft}
          </button>
        </div>
      ) : null}

      {editing.conflict && article ? (
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
            <button type="button" className={secondaryButton} disabled={saving} onClick={() => void editing.saveOverLatest()} aria-describedby={`${id}-overwrite`}>
              {messages.saveAnyway}
            </button>
          </div>
          <p id={`${id}-overwrite`} className="mt-2 text-sm">
            {messages.saveAnywayHint}
          </p>
        </div>
      ) : null}

      {article && review ? <ReviewPanel slug={article.slug} published={article.is_published} review={review} dirty={editing.dirty} /> : null}
      {article?.is_published && role.can("editEveryArticle") ? <NotesPanel slug={article.slug} notes={article.notes} /> : null}

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
              onChange={(event) => isLocale(event.target.value) && set("language", event.target.value)}
              aria-describedby={values.language === null ? `${id}-language-hint` : undefined}
              className={fieldClass}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {languageNameIn(messages, code)}
                </option>
              ))}
            </select>
            {values.language === null ? (
              <p id={`${id}-language-hint`} className={hintClass}>
                {messages.languageInferred}
              </p>
            ) : null}
          </div>
        </section>

        <section className={sectionClass}>
          <BannerField value={values.banner} onChange={(change) => editing.update("banner", change)} trackUpload={editing.trackUpload} />
        </section>

        <section className={sectionClass}>
          <p id={`${id}-content-label`} className={labelClass}>
            {messages.content}
          </p>
          <EditorErrorBoundary>
            <Suspense fallback={<EditorPlaceholder />}>
              {editing.ready ? (
                <RichTextEditor
                  key={editing.editorKey}
                  id={fieldId("content")}
                  initialContent={values.content}
                  onChange={(html) => set("content", html)}
                  labelledBy={`${id}-content-label`}
                  invalid={invalid.has("content")}
                  language={language}
                />
              ) : (
                <EditorPlaceholder />
              )}
            </Suspense>
          </EditorErrorBoundary>
        </section>

        <section className={sectionClass}>
          <ContentMediaField value={values.media} onChange={(change) => editing.update("media", change)} trackUpload={editing.trackUpload} />
        </section>

        <section className={sectionClass}>
          <TagChoices legend={messages.tags} tags={tags} chosen={values.tags} onToggle={(tagId, checked) => set("tags", withTag(values.tags, tagId, checked))} />
        </section>

        <section className={`${sectionClass} flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-8`}>
          {role.can("publish") ? (
            <div className="space-y-3">
              <label className="flex items-center gap-2 font-medium">
                <input type="checkbox" name="is_published" checked={values.is_published} onChange={(event) => set("is_published", event.target.checked)} className="h-4 w-4 accent-brand" />
                {messages.publishImmediately}
              </label>
              <div>
                <label htmlFor={`${id}-publish-at`} className={labelClass}>
                  {messages.publishAt}
                </label>
                <input
                  id={`${id}-publish-at`}
                  type="datetime-local"
                  value={values.publish_at ?? ""}
                  onChange={(event) => set("publish_at", event.target.value)}
                  aria-describedby={`${id}-publish-at-hint`}
                  className={`${fieldClass} max-w-xs`}
                />
                <p id={`${id}-publish-at-hint`} className={hintClass}>
                  {publishAt ? formatMessage(messages.goesLiveAt, { time: formatScheduleTime(publishAt) }) : messages.publishAtHint}
                </p>
              </div>
            </div>
          ) : (
            <p className="text-sm text-neutral-700 dark:text-neutral-300">{messages.editorPublishes}</p>
          )}
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" name="is_featured" checked={values.is_featured} onChange={(event) => set("is_featured", event.target.checked)} className="h-4 w-4 accent-brand" />
            {messages.markFeatured}
          </label>
        </section>
      </div>

      {article ? <RevisionsPanel slug={article.slug} version={editing.savedVersion ?? article.updated_at} dirty={editing.dirty} onRestored={editing.adopt} /> : null}

      {/* Save stays in reach however long the article is. */}
      <div data-sticky-actions className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-neutral-200 bg-neutral-100/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:mx-0 lg:rounded-t-lg lg:border-x lg:bg-white/95 lg:px-5 lg:shadow-[0_-2px_8px_rgb(0_0_0/0.06)] dark:border-neutral-800 dark:bg-neutral-950/95 lg:dark:bg-neutral-900/95">
        {editing.formError ? (
          <p role="alert" className={`${errorClass} mt-0 mb-3`}>
            {editing.formError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {editing.dirty ? (
            <p className="mr-auto text-sm text-neutral-600 dark:text-neutral-400">
              <span className="font-semibold text-neutral-900 dark:text-neutral-100">{messages.unsavedChanges}.</span> {messages.draftKept}
            </p>
          ) : editing.autosavedAt ? (
            <p role="status" className="mr-auto text-sm text-neutral-600 dark:text-neutral-400">
              {formatMessage(messages.draftAutosaved, { time: formatDateTime(editing.autosavedAt) })}
            </p>
          ) : null}
          <Link to="/admin/articles" className={secondaryButton}>
            {messages.cancel}
          </Link>
          <button type="button" className={primaryButton} disabled={saving || !hydrated} onClick={() => void editing.save()}>
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

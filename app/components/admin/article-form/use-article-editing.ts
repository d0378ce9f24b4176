/**
 * What the article form does with what the editor typed: the values, the local draft, the checks,
 * the save and its outcomes. Built so that an editor never loses work: a local draft is kept while
 * typing, and a save that fails (network, server, someone else's newer save) leaves everything on
 * screen and in the draft. The form component only draws it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useMessages } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import type { ApiArticleDetail, ArticleDetail } from "~/lib/api-types";
import { articleFromApi } from "~/lib/api-articles";
import { errorCode } from "~/lib/error-codes";
import { inferLanguage } from "~/lib/language";
import { type ArticleDraft, draftKey, writeDraft } from "./draft";
import { type ArticleFormValues, emptyValues, sameValues, schemaFields, toFormData, valuesFromArticle } from "./form-values";
import { useArticleDraft } from "./use-article-draft";

/** The fields a failed check can point at, in the order the form shows them. */
export const CHECKED_FIELDS = ["title", "meta_title", "meta_description", "writer_id", "content"] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

export interface ArticleEditingEvents {
  /** A save gave the article an address of its own (it was new, or its slug changed): the form moves there. */
  onMoved: (saved: ArticleDetail) => void;
  /** A failed check points at this field first: the form puts the cursor in it. */
  onInvalid: (field: CheckedField) => void;
}

const articlePath = (slug: string) => `/api/news/${encodeURIComponent(slug)}`;

/**
 * A draft with unsaved changes is saved to the server after this long without typing, as an
 * autosave: the server folds a person's autosaves into one revision per ten minutes. Published
 * stories are never autosaved (the change would go live), nor a save that would publish or move.
 */
const SERVER_AUTOSAVE_MS = 30_000;

export function useArticleEditing(article: ArticleDetail | null, events: ArticleEditingEvents) {
  const messages = useMessages();
  const notify = useNotify();

  const [baseline, setBaseline] = useState<ArticleFormValues>(() => (article ? valuesFromArticle(article) : emptyValues()));
  const [values, setValues] = useState(baseline);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  /** The version the server last gave us, and the one a save claims to be editing. */
  const [serverVersion, setServerVersion] = useState(article?.updated_at ?? null);
  const [version, setVersion] = useState(serverVersion);
  /** Changes when the values are replaced wholesale, so the rich-text editor starts again from them. */
  const [editorKey, setEditorKey] = useState(0);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<CheckedField>>(new Set());
  const [conflict, setConflict] = useState(false);
  /** Counts refused saves, so that the form can draw attention to each one. */
  const [refusedSaves, setRefusedSaves] = useState(0);
  const [uploads, setUploads] = useState(0);
  const [autosavedAt, setAutosavedAt] = useState<string | null>(null);

  const dirty = !sameValues(values, baseline);
  const language = values.language ?? inferLanguage(values.title);

  // The stored story moved on without an edit of its text (a correction added from this page): a
  // form with nothing unsaved follows it, so that its next save is not taken for a stale one.
  const storedVersion = article?.updated_at ?? null;
  const seenVersion = useRef(storedVersion);
  useEffect(() => {
    if (storedVersion === seenVersion.current) return;
    seenVersion.current = storedVersion;
    if (storedVersion === null || dirty) return;
    setServerVersion(storedVersion);
    setVersion(storedVersion);
  }, [storedVersion]);

  const draft = useArticleDraft(draftKey(article?.slug ?? null), { values, dirty, version }, (kept: ArticleDraft) => {
    setValues(kept.values);
    setVersion(kept.updatedAt ?? serverVersion);
    setRestoredAt(kept.savedAt);
    setEditorKey((n) => n + 1);
    // Typed over an older version: saving it as it is would overwrite someone else's work.
    if (kept.updatedAt && serverVersion && kept.updatedAt !== serverVersion) setConflict(true);
  });

  const trackUpload = useCallback(<T>(upload: Promise<T>) => {
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

  /** For fields that change from their own current value (media lists, the banner). */
  function update<K extends "banner" | "media">(field: K, change: (current: ArticleFormValues[K]) => ArticleFormValues[K]) {
    setValues((current) => ({ ...current, [field]: change(current[field]) }));
  }

  function fail(message: string, fields: CheckedField[] = []) {
    setFormError(message);
    setInvalid(new Set(fields));
    notify(message, "error");
    const first = CHECKED_FIELDS.find((f) => fields.includes(f));
    if (first) events.onInvalid(first);
  }

  /** Values typed while a save was on its way are kept for the page the save leads to. */
  function keepTypedSince(sent: ArticleFormValues, saved: ArticleDetail) {
    const now = valuesRef.current;
    if (sameValues(now, sent)) return;
    writeDraft(draftKey(saved.slug), { savedAt: new Date().toISOString(), values: { ...now, slug: saved.slug }, updatedAt: saved.updated_at });
  }

  /**
   * Saves what is on screen. An autosave is quiet: it says nothing on success, and on a refusal or
   * a failure it leaves the local draft to keep the work, for the editor's own Save to report.
   */
  async function save(claimedVersion = version, { autosave = false } = {}) {
    if (saving) return;
    if (uploads > 0) {
      if (!autosave) fail(messages.uploadsPending);
      return;
    }
    const sent = values;
    const { articleSchema, firstMessage } = await import("~/lib/schemas");
    const checked = articleSchema.safeParse(schemaFields(sent, language));
    if (!checked.success) {
      if (autosave) return;
      const fields = checked.error.issues.map((issue) => issue.path[0]).filter((f): f is CheckedField => CHECKED_FIELDS.includes(f as CheckedField));
      // One message covers title, content and writer (docs/product.md#validation-rules): mark whichever of them is empty.
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
      if (autosave) form.set("autosave", "true");
      const result = article
        ? await apiRequest<ApiArticleDetail>(articlePath(article.slug), { method: "PUT", form })
        : await apiRequest<ApiArticleDetail>("/api/news", { method: "POST", form });

      if (result.ok) {
        const saved = articleFromApi(result.data);
        draft.forget();
        setConflict(false);
        setRestoredAt(null);
        if (autosave) setAutosavedAt(saved.updated_at);
        else notify(article ? messages.articleUpdated : messages.articleCreated, "success");
        if (!article || saved.slug !== article.slug) {
          keepTypedSince(sent, saved);
          events.onMoved(saved);
          return;
        }
        setBaseline(sent);
        setServerVersion(saved.updated_at);
        setVersion(saved.updated_at);
        return;
      }

      draft.flush();
      if (autosave) return;
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
      if (!autosave) fail(messages.articleSaveFailed);
    } finally {
      setSaving(false);
    }
  }

  /** After a conflict, the editor may decide that what is on screen wins. */
  async function saveOverLatest() {
    if (!article) return;
    const latest = await apiRequest<ArticleDetail>(articlePath(article.slug));
    if (!latest.ok) {
      fail(latest.error ?? messages.articleUpdateFailed);
      return;
    }
    setVersion(latest.data.updated_at);
    await save(latest.data.updated_at);
  }

  const autosaves = article !== null && !article.is_published && !values.is_published && values.publish_at === "" && values.slug.trim() === article.slug;
  useEffect(() => {
    if (!autosaves || !dirty || conflict || saving) return;
    const timer = setTimeout(() => void save(version, { autosave: true }), SERVER_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, autosaves, dirty, conflict, saving]);

  /** A save made elsewhere on the page (a restored revision) becomes what the form edits. */
  function adopt(saved: ArticleDetail) {
    const next = valuesFromArticle(saved);
    draft.forget();
    seenVersion.current = saved.updated_at;
    setBaseline(next);
    setValues(next);
    setServerVersion(saved.updated_at);
    setVersion(saved.updated_at);
    setConflict(false);
    setRestoredAt(null);
    setEditorKey((n) => n + 1);
  }

  function discardDraft() {
    draft.forget();
    setValues(baseline);
    setVersion(serverVersion);
    setRestoredAt(null);
    setConflict(false);
    setEditorKey((n) => n + 1);
  }

  return {
    values,
    set,
    update,
    language,
    dirty,
    /** False until a kept draft has been looked for: the editor waits, so it starts from the right content. */
    ready: draft.ready,
    editorKey,
    restoredAt,
    saving,
    formError,
    invalid,
    conflict,
    refusedSaves,
    trackUpload,
    save,
    saveOverLatest,
    discardDraft,
    adopt,
    /** The stored version the form last saved or loaded. */
    savedVersion: serverVersion,
    /** When the last quiet autosave of this draft reached the server. */
    autosavedAt,
  };
}

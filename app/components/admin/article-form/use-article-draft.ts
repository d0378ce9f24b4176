import { useCallback, useEffect, useRef, useState } from "react";
import { type ArticleDraft, readDraft, removeDraft, writeDraft } from "./draft";
import { type ArticleFormValues, sameValues } from "./form-values";

const AUTOSAVE_MS = 500;

const fingerprint = (values: ArticleFormValues, version: string | null) => JSON.stringify([values, version]);

interface DraftState {
  values: ArticleFormValues;
  dirty: boolean;
  version: string | null;
}

/**
 * Keeps the form's unsaved values in localStorage, a moment after each change and at once when the
 * page is hidden or left. On mount, a kept draft that differs from the loaded article is handed to
 * `onRestore`. `forget` drops it (after a save, or when the editor discards it).
 */
export function useArticleDraft(key: string, state: DraftState, onRestore: (draft: ArticleDraft) => void) {
  const [ready, setReady] = useState(false);
  const pending = useRef<ArticleDraft | null>(null);
  const lastWritten = useRef<string | null>(null);
  const initial = useRef(state.values);
  const restore = useRef(onRestore);
  restore.current = onRestore;

  useEffect(() => {
    const draft = readDraft(key);
    if (draft && !sameValues(draft.values, initial.current)) {
      lastWritten.current = fingerprint(draft.values, draft.updatedAt);
      restore.current(draft);
    } else if (draft) {
      removeDraft(key);
    }
    setReady(true);
  }, [key]);

  const flush = useCallback(() => {
    const draft = pending.current;
    if (!draft) return;
    pending.current = null;
    writeDraft(key, draft);
    lastWritten.current = fingerprint(draft.values, draft.updatedAt);
  }, [key]);

  const forget = useCallback(() => {
    pending.current = null;
    lastWritten.current = null;
    removeDraft(key);
  }, [key]);

  const { values, dirty, version } = state;
  useEffect(() => {
    if (!ready) return;
    if (!dirty) {
      forget();
      return;
    }
    if (fingerprint(values, version) === lastWritten.current) return;
    pending.current = { savedAt: new Date().toISOString(), values, updatedAt: version };
    const timer = setTimeout(flush, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [ready, dirty, values, version, flush, forget]);

  // A reload, a closed tab or leaving the page must not lose the last half second of typing.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  return { ready, flush, forget };
}

/**
 * The local safety net of the article form: what the editor typed is kept in localStorage until it
 * is saved, so a crash, a reload or a failed save never loses it. One draft per article ("new" for
 * an article not saved yet).
 */
import { type ArticleFormValues, emptyValues } from "./form-values";

const PREFIX = "khulasa:article-draft:";

export interface ArticleDraft {
  savedAt: string;
  values: ArticleFormValues;
  /** The version of the article the draft was typed over; a save sends it, so a newer one is a conflict. */
  updatedAt: string | null;
}

export const draftKey = (slug: string | null) => PREFIX + (slug ?? "new");

export function readDraft(key: string): ArticleDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ArticleDraft>;
    if (typeof parsed.savedAt !== "string" || !parsed.values || typeof parsed.values !== "object") return null;
    // A draft written by an older form still restores: missing fields take their empty value.
    return { savedAt: parsed.savedAt, values: { ...emptyValues(), ...parsed.values }, updatedAt: parsed.updatedAt ?? null };
  } catch {
    return null;
  }
}

/** Storage can be full or switched off (private windows); the form keeps working without it. */
export function writeDraft(key: string, draft: ArticleDraft): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch (error) {
    console.warn("Could not keep a local draft", error);
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to remove where storage is unavailable
  }
}


import { useId, useState } from "react";
import { errorClass, fieldClass, hintClass, labelClass, primaryButton, sectionClass, smallButton } from "~/components/admin/article-form/styles";
import { useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { ArticleSummary, DocumentDetailJson } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";

interface Story {
  id: number;
  title: string;
  language: Language;
}

const SEARCH_LIMIT = 10;

/**
 * The stories a document belongs to (PUT /api/documents/{id}/articles): found by their titles, any
 * language version naming its whole story. The server checks that each may be edited by whoever saves.
 */
export function AttachStories({ document, onChanged }: { document: DocumentDetailJson; onChanged: (document: DocumentDetailJson) => void }) {
  const messages = useMessages();
  const id = useId();
  const [chosen, setChosen] = useState<Story[]>(() => document.articles.map(({ id, title, language }) => ({ id, title, language })));
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<Story[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");

  async function find(event: React.FormEvent) {
    event.preventDefault();
    if (query.trim() === "") return;
    setError(null);
    const params = new URLSearchParams({ search: query.trim(), status: "all", limit: String(SEARCH_LIMIT) });
    const found = await apiRequest<{ articles: ArticleSummary[] }>(`/api/news?${params}`);
    if (!found.ok) {
      setError(found.error ?? messages.documentActionFailed);
      return;
    }
    setResults(found.data.articles.map(({ id, title, language }) => ({ id, title, language })));
  }

  async function save() {
    setBusy(true);
    setError(null);
    setStatus("");
    const result = await apiRequest<{ document: DocumentDetailJson }>(`/api/documents/${document.id}/articles`, { method: "PUT", json: { articles: chosen.map((story) => story.id) } });
    setBusy(false);
    if (!result.ok) {
      setError(result.error ?? messages.documentActionFailed);
      return;
    }
    onChanged(result.data.document);
    setChosen(result.data.document.articles.map(({ id, title, language }) => ({ id, title, language })));
    setStatus(messages.documentStoriesSaved);
  }

  const titleOf = (story: Story) => <span lang={languageConfig(story.language).tag}>{story.title}</span>;

  return (
    <section className={sectionClass} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {messages.documentStoriesHeading}
      </h2>
      {chosen.length === 0 ? (
        <p className={hintClass}>{messages.documentStoriesNone}</p>
      ) : (
        <ul className="mt-2 space-y-2" data-attached-stories>
          {chosen.map((story) => (
            <li key={story.id} className="flex items-start justify-between gap-3">
              <span className="min-w-0 break-words">{titleOf(story)}</span>
              <button
                type="button"
                onClick={() => setChosen((all) => all.filter((other) => other.id !== story.id))}
                aria-label={formatMessage(messages.documentStoriesDetach, { title: story.title })}
                className={smallButton}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void find(event)} className="mt-4" role="search">
        <label htmlFor={`${id}-search`} className={labelClass}>
          {messages.documentStoriesSearch}
        </label>
        <div className="mt-1 flex gap-2">
          <input id={`${id}-search`} type="search" value={query} onChange={(event) => setQuery(event.target.value)} className={`${fieldClass} mt-0`} />
          <button type="submit" className={smallButton}>
            {messages.documentStoriesFind}
          </button>
        </div>
      </form>
      {results !== null ? (
        results.length === 0 ? (
          <p className={hintClass}>{messages.documentStoriesNoMatch}</p>
        ) : (
          <ul className="mt-3 space-y-2" data-story-results>
            {results.map((story) => (
              <li key={story.id} className="flex items-start justify-between gap-3">
                <span className="min-w-0 break-words">{titleOf(story)}</span>
                <button
                  type="button"
                  disabled={chosen.some((other) => other.id === story.id)}
                  onClick={() => setChosen((all) => [...all, story])}
                  aria-label={`${messages.documentStoriesAttach}: ${story.title}`}
                  className={smallButton}
                >
                  {messages.documentStoriesAttach}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <button type="button" disabled={busy} onClick={() => void save()} className={`${primaryButton} mt-4`}>
        {busy ? messages.pleaseWait : messages.save}
      </button>
      {error ? (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-emerald-800 dark:text-emerald-300">
        {status}
      </p>
    </section>
  );
}

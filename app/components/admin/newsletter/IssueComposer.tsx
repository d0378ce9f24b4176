import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { newsletterIssuePath } from "~/lib/admin-paths";
import { apiRequest } from "~/lib/api-client";
import { ISSUE_INTRO_MAX, ISSUE_SUBJECT_MAX, type Language } from "~/lib/limits";
import type { IssueView } from "~/server/newsletter/issues";

export interface ComposerStory {
  id: number;
  title: string;
}

interface IssueComposerProps {
  edition: Language;
  editions: { code: Language; name: string }[];
  stories: ComposerStory[];
  /** The edition's stories since its last issue: what "everything since the last issue" picks. */
  sinceLast: number[];
}

/** The form of a new issue: its edition (which reloads the stories on offer), subject, introduction and stories. */
export function IssueComposer({ edition, editions, stories, sinceLast }: IssueComposerProps) {
  const messages = useMessages();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const [, setSearchParams] = useSearchParams();
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (id: number, on: boolean) => setPicked((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const order = new Map(stories.map((story, index) => [story.id, index]));
    const result = await apiRequest<{ issue: IssueView }>("/api/newsletter/issues", {
      method: "POST",
      json: { edition, subject: form.get("subject"), intro: form.get("intro"), article_ids: [...picked].sort((a, b) => order.get(a)! - order.get(b)!) },
    });
    setBusy(false);
    if (!result.ok) return setError(result.error ?? messages.newsletterActionFailed);
    navigate(localize(newsletterIssuePath(result.data.issue.id)));
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900" noValidate>
      <h2 className="text-lg font-bold">{messages.newsletterCompose}</h2>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{messages.newsletterEdition}</span>
        <select
          name="edition"
          value={edition}
          className={inputClass}
          onChange={(event) => {
            setPicked([]);
            setSearchParams({ edition: event.target.value }, { replace: true });
          }}
        >
          {editions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{messages.newsletterSubject}</span>
        <input name="subject" required maxLength={ISSUE_SUBJECT_MAX} className={inputClass} />
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{messages.newsletterIntro}</span>
        <textarea name="intro" rows={5} maxLength={ISSUE_INTRO_MAX} className={inputClass} />
      </label>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{messages.newsletterStories}</legend>
        {stories.length === 0 ? (
          <p className="text-sm">{messages.newsletterNoStories}</p>
        ) : (
          <>
            <button type="button" className={`${buttonClass.secondary} mb-2`} disabled={sinceLast.length === 0} onClick={() => setPicked(sinceLast)}>
              {messages.newsletterSinceLast}
            </button>
            <ul className="max-h-80 space-y-1 overflow-y-auto rounded-md border border-neutral-200 p-2 dark:border-neutral-800">
              {stories.map((story) => (
                <li key={story.id}>
                  <label className="flex items-start gap-2 text-sm">
                    <input type="checkbox" className="mt-1" checked={picked.includes(story.id)} onChange={(event) => toggle(story.id, event.target.checked)} />
                    <span>{story.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? messages.pleaseWait : messages.newsletterCreate}
      </button>
    </form>
  );
}

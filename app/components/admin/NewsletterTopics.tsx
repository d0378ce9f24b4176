import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useLocale, useMessages, useTranslate } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import { languageNameIn } from "~/lib/language-names";
import { perLanguageKey } from "~/lib/language-texts";
import { LANGUAGES } from "~/lib/limits";
import { type NewsletterTopic, listLabel } from "~/lib/newsletter-lists";
import { NewsletterBackLink } from "~/components/admin/newsletter/NewsletterBackLink";

const fieldClass = "w-full rounded-md border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900";

/**
 * /admin/newsletter/topics (issue 40): the topic lists readers may join beside the editions', added
 * by name (the slug follows the name unless given) and deleted with their subscriptions.
 */
export function NewsletterTopics({ topics }: { topics: NewsletterTopic[] | null }) {
  const messages = useMessages();
  const locale = useLocale();
  const t = useTranslate();
  const revalidator = useRevalidator();
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await apiRequest("/api/newsletter/topics", { method: "POST", json: Object.fromEntries(new FormData(form)) });
    if (!result.ok) return setError(result.error ?? messages.serverError);
    setError(null);
    form.reset();
    await revalidator.revalidate();
  }

  async function remove(topicId: number) {
    const result = await apiRequest(`/api/newsletter/topics/${topicId}`, { method: "DELETE" });
    if (!result.ok) return setError(result.error ?? messages.serverError);
    await revalidator.revalidate();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-3xl">
      <NewsletterBackLink />
      <h1 id={`${id}-title`} className="text-2xl font-bold">
        {messages.newsletterTopicsTitle}
      </h1>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">{messages.newsletterTopicsLead}</p>
      {topics === null ? (
        <p role="alert">{messages.serverError}</p>
      ) : topics.length === 0 ? (
        <p className="mt-4 text-neutral-600 dark:text-neutral-400">{messages.newsletterTopicNone}</p>
      ) : (
        <ul className="mt-4 divide-y divide-neutral-200 rounded-md border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {topics.map((topic) => (
            <li key={topic.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <span className="font-semibold">{listLabel(messages, locale, { list: topic.list, kind: "topic", names: topic.names })}</span>
              <code className="text-sm text-neutral-600 dark:text-neutral-400">{topic.list}</code>
              <span className="text-sm text-neutral-600 dark:text-neutral-400">{t("newsletterTopicSubscribers", { count: topic.subscribers })}</span>
              <button type="button" onClick={() => void remove(topic.id)} className="ms-auto text-sm font-semibold text-red-700 underline dark:text-red-400">
                {messages.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="mt-6 grid gap-3 sm:grid-cols-2" aria-describedby={error ? `${id}-error` : undefined}>
        {LANGUAGES.map((language) => (
          <label key={language} className="flex flex-col gap-1 text-sm font-medium">
            {t("newsletterTopicNameIn", { language: languageNameIn(messages, language) })}
            <input name={perLanguageKey("name", language)} className={fieldClass} />
          </label>
        ))}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {messages.articleSlug}
          <input name="slug" className={fieldClass} />
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
            {messages.newsletterTopicAdd}
          </button>
        </div>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-3 text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
}

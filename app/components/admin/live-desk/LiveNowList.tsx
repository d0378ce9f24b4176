import { useId } from "react";
import { Link } from "~/components/i18n/links";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { articleLivePath } from "~/lib/admin-paths";
import { formatMessage } from "~/lib/format-message";
import type { LiveNowStory } from "~/server/services/live-desk";

/** The dashboard's stories live now (issue 39), each a way to its live desk; nothing when none runs. */
export function LiveNowList({ stories }: { stories: LiveNowStory[] }) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const id = useId();
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border-l-4 border-red-600 bg-white p-5 shadow-sm dark:bg-neutral-900">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full bg-red-600" />
        {messages.liveNowHeading}
      </h2>
      <ul className="mt-3 space-y-2">
        {stories.map((story) => (
          <li key={story.slug}>
            <Link to={articleLivePath(story.slug)} lang={story.language} className="font-semibold text-brand underline underline-offset-2 hover:no-underline">
              {story.title}
            </Link>
            <span className="ml-2 text-sm text-neutral-600 dark:text-neutral-400">{formatMessage(messages.liveRunningSince, { time: formatDateTime(story.started_at) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useId } from "react";
import { Link } from "~/components/i18n/links";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import type { MostReadStat } from "~/lib/api-types";

/** One most-read list (issue 15): each story's reads as a bar, longest first. */
function ReadList({ title, entries }: { title: string; entries: MostReadStat[] }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const id = useId();
  const most = Math.max(1, ...entries.map((e) => e.reads));
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{messages.chartNoReads}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <Link to={`/admin/articles/edit/${encodeURIComponent(entry.slug)}`} lang={entry.language} title={entry.title} className="min-w-0 truncate font-medium hover:text-brand hover:underline">
                  {entry.title}
                </Link>
                <span className="shrink-0 tabular-nums">{`${formatNumber(entry.reads)} ${messages.chartReads}`}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-neutral-100 dark:bg-neutral-800" aria-hidden="true">
                <div className="h-2 rounded-full bg-brand" style={{ width: `${(entry.reads / most) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The most-read stories of the last day and the last week, side by side where there is room. */
export function MostReadChart({ day, week }: { day: MostReadStat[]; week: MostReadStat[] }) {
  const messages = useMessages();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-5 shadow-sm dark:bg-neutral-900">
      <h2 id={id} className="font-bold">
        {messages.mostRead}
      </h2>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <ReadList title={messages.chartLastDay} entries={day} />
        <ReadList title={messages.chartLastWeek} entries={week} />
      </div>
    </section>
  );
}

import { Anchor } from "~/components/i18n/anchor";
import { useLocale, useMessages } from "~/contexts/i18n";
import { updatePath } from "~/lib/live-address";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import { LiveTime } from "./LiveTime";

/** What the home page shows of one of its lead's latest updates: its headline, or its first words. */
export interface LeadUpdate {
  id: number;
  text: string;
  published_at: string;
}

/**
 * Under the home page's lead when it is a running live story (issue 39): its latest updates, each
 * linking to its own address, with the time since it was posted.
 */
export function LeadLiveUpdates({ slug, language, updates }: { slug: string; language: Language; updates: LeadUpdate[] }) {
  const messages = useMessages();
  const lang = languageConfig(useLocale()).tag;
  if (updates.length === 0) return null;
  return (
    <section aria-labelledby="lead-live-updates" className="border-l-4 border-brand pl-4">
      <h3 id="lead-live-updates" lang={lang} className="text-xs font-bold uppercase tracking-wide text-brand dark:text-red-400">
        {messages.liveLatestUpdates}
      </h3>
      <ol lang={language} className="mt-2 space-y-2">
        {updates.map((update) => (
          <li key={update.id} className="text-sm leading-snug">
            <span lang={lang} className="mr-2 text-xs font-semibold text-neutral-500 dark:text-neutral-400">
              <LiveTime iso={update.published_at} />
            </span>
            <Anchor to={updatePath(slug, update.id)} className="font-semibold link-hover">
              {update.text}
            </Anchor>
          </li>
        ))}
      </ol>
    </section>
  );
}

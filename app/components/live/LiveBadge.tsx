import { useLocale, useMessages } from "~/contexts/i18n";
import { languageConfig } from "~/lib/languages";

/** "Live", in the interface's language, on a running live story's card and page (issue 39). */
export function LiveBadge({ className = "" }: { className?: string }) {
  const messages = useMessages();
  const lang = languageConfig(useLocale()).tag;
  return (
    <span lang={lang} className={`inline-flex items-center gap-1.5 rounded bg-brand px-1.5 py-px text-xs font-bold uppercase tracking-wide text-white ${className}`}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-white motion-safe:animate-pulse" />
      {messages.liveLabel}
    </span>
  );
}

/** Whether a story's coverage is running: started and not ended. */
export const isRunning = (live: { ended_at: string | null } | null): boolean => live !== null && live.ended_at === null;

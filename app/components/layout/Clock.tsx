import { useLanguage } from "~/contexts/i18n";
import { useNow } from "./use-now";

const SECOND = 1000;

/**
 * docs/product.md#the-frame-of-every-page: a live clock in Nepal time, ticking every second: Nepali weekday, then the AD date in
 * English or the Bikram Sambat date in Devanagari digits in Nepali. Empty in the cached server
 * HTML, so the server and the hydrating browser never disagree about the time.
 */
export function Clock() {
  const language = useLanguage();
  const now = useNow(true, SECOND);
  if (!now) return <span className="inline-block min-w-[14rem]" aria-hidden="true" />;
  const { weekday, date, time } = language.clockParts(now);
  return (
    <time dateTime={now.toISOString()} className="inline-block min-w-[14rem] tabular-nums" data-testid="clock">
      <span lang="ne">{weekday}</span>, {date} <span>{time}</span>
    </time>
  );
}

import { useLanguage } from "~/contexts/i18n";
import { useNow } from "~/components/layout/use-now";

const MINUTE = 60_000;

/**
 * A card's or comment's date: 'MMM d, yyyy' in English (docs/product.md#limits-and-constants). In Nepali the Bikram Sambat date
 * is rendered first (server and hydration agree on it), then the relative '३ घण्टा पहिले' once the
 * browser knows the time; the full date stays in the tooltip. On a reader page's HTML, outside any
 * island, the page's script does that (islands/relative-times.ts, by `data-card-time`).
 */
export function CardTime({ iso }: { iso: string }) {
  const { formatCardDate, formatRelative } = useLanguage();
  const now = useNow(formatRelative !== undefined, MINUTE);
  const date = formatCardDate(iso);
  return (
    <time dateTime={iso} title={now ? date : undefined} data-card-time="">
      {now && formatRelative ? formatRelative(iso, now) : date}
    </time>
  );
}

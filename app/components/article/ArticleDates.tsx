import { useFormatDate, useFormatNumber, useTranslate } from "~/contexts/i18n";
import { Message } from "~/components/layout/Message";
import { formatNepalTime } from "~/lib/dates";

/** The time of day shows once it tells something: the clock reads in minutes. */
const MINUTE = 60_000;

/**
 * First published and, when it changed after that, last updated, both with the time of day (Nepal
 * time): readers of an investigation want to know whether it changed since they first read it.
 * An unchanged article shows its date alone (docs/product.md#limits-and-constants 'MMM d, yyyy'; Bikram Sambat in Nepali).
 */
export function ArticleDates({ publishedAt, updatedAt }: { publishedAt: string; updatedAt: string }) {
  const formatDate = useFormatDate();
  const formatNumber = useFormatNumber();
  const t = useTranslate();
  const changed = Date.parse(updatedAt) - Date.parse(publishedAt) >= MINUTE;
  const when = (iso: string) => (changed ? t("dateAndTime", { date: formatDate(iso), time: formatNumber(formatNepalTime(iso)) }) : formatDate(iso));
  return (
    <>
      <span>
        <Message id="publishedOn" slots={{ date: <time dateTime={publishedAt}>{when(publishedAt)}</time> }} />
      </span>
      {changed ? (
        <span>
          <Message id="updatedOn" slots={{ date: <time dateTime={updatedAt}>{when(updatedAt)}</time> }} />
        </span>
      ) : null}
    </>
  );
}

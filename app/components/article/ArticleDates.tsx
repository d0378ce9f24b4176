import { formatCardDate } from "~/lib/dates";
import { messages } from "~/lib/messages";

/**
 * First published and, when it is a later day in Nepal, last updated: readers of an
 * investigation want to know whether it changed since they first read it.
 */
export function ArticleDates({ publishedAt, updatedAt }: { publishedAt: string; updatedAt: string }) {
  const published = formatCardDate(publishedAt);
  const updated = formatCardDate(updatedAt);
  const showUpdated = updated !== published && Date.parse(updatedAt) > Date.parse(publishedAt);
  return (
    <>
      <span>
        {messages.published} <time dateTime={publishedAt}>{published}</time>
      </span>
      {showUpdated ? (
        <span>
          {messages.updated} <time dateTime={updatedAt}>{updated}</time>
        </span>
      ) : null}
    </>
  );
}

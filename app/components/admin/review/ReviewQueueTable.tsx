import { AdminTable, cellClass, EmptyTable } from "~/components/admin/table/AdminTable";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { Link } from "~/components/i18n/links";
import { articleEditPath } from "~/lib/admin-paths";
import type { ReviewQueueItem } from "~/lib/api-types";

/** The stories waiting for an editor, the longest-waiting first; each opens in its edit page, where the editor decides. */
export function ReviewQueueTable({ stories }: { stories: ReviewQueueItem[] }) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  if (stories.length === 0) {
    return <EmptyTable message={messages.reviewQueueEmpty} />;
  }
  return (
    <AdminTable caption={messages.reviewQueueTitle} columns={[messages.articleTitle, messages.queueAuthor, messages.queueWaitingSince, messages.legalReviewShort, messages.queueLatestNote]}>
      {stories.map((story) => {
        const latest = story.notes[0];
        return (
          <tr key={story.id}>
            <th scope="row" lang={story.language} className={`${cellClass} min-w-40 max-w-md font-semibold`}>
              <Link to={articleEditPath(story.slug)} className="text-brand underline underline-offset-2 hover:no-underline">
                {story.title}
              </Link>
            </th>
            <td data-label={messages.queueAuthor} className={cellClass}>
              {story.author_name ?? messages.unknownAuthor}
            </td>
            <td data-label={messages.queueWaitingSince} className={`${cellClass} whitespace-nowrap`}>
              {story.submitted_at ? <time dateTime={story.submitted_at}>{formatDateTime(story.submitted_at)}</time> : null}
            </td>
            <td data-label={messages.legalReviewShort} className={cellClass}>
              {story.legal_review ? messages.yes : messages.no}
            </td>
            <td data-label={messages.queueLatestNote} className={`${cellClass} min-w-48 whitespace-pre-line`}>
              {latest?.note ?? ""}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}

import { useState } from "react";
import { Link } from "~/components/i18n/links";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { ActionsCell, RowButton } from "~/components/admin/RowActions";
import { useHydrated } from "~/components/admin/use-hydrated";
import type { ArticleComment } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { useFormatDate, useMessages } from "~/contexts/i18n";
import { previewPath } from "~/lib/preview";
import { AdminTable, buttonClass, cellClass, EmptyTable } from "~/components/admin/table/AdminTable";
import { useAdminWrite } from "./use-admin-write";

/** Comment Moderation (docs/product.md#comment-moderation): Article, User, Comment, Status; approve (pending only) and delete. */
export function CommentsTable({ comments }: { comments: ArticleComment[] }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const write = useAdminWrite();
  const hydrated = useHydrated();
  const [approving, setApproving] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ArticleComment | null>(null);

  async function approve(comment: ArticleComment) {
    setApproving(comment.id);
    await write(`/api/comments/${comment.id}/approve`, { method: "PUT" }, {
      success: messages.commentApproved,
      failure: messages.commentApproveFailed,
    });
    setApproving(null);
  }

  if (comments.length === 0) {
    return <EmptyTable message={messages.noCommentsToShow} />;
  }

  return (
    <>
      <AdminTable
        caption={messages.commentModeration}
        columns={[messages.fieldArticle, messages.fieldUser, messages.fieldComment, messages.fieldStatus, messages.fieldActions]}
      >
        {comments.map((comment) => {
          const names = { name: comment.user_name ?? messages.anonymous, article: comment.news_title };
          return (
            <tr key={comment.id} className={comment.is_approved ? undefined : "bg-amber-50/60 dark:bg-amber-950/20"}>
              <td data-label={messages.fieldArticle} className={`${cellClass} min-w-36 max-w-56`}>
                <Link
                  to={previewPath(comment.article_slug)}
                  className="font-medium underline decoration-neutral-300 underline-offset-2 hover:text-brand dark:decoration-neutral-600"
                >
                  {comment.news_title}
                </Link>
              </td>
              <td data-label={messages.fieldUser} className={`${cellClass} whitespace-nowrap`}>
                {comment.user_name ?? <span className="italic text-neutral-600 dark:text-neutral-400">{messages.anonymous}</span>}
                <br />
                <time dateTime={comment.created_at} className="text-xs text-neutral-600 dark:text-neutral-400">
                  {formatDate(comment.created_at)}
                </time>
              </td>
              <td data-label={messages.fieldComment} className={`${cellClass} min-w-52 max-w-md whitespace-pre-line break-words`}>
                {comment.content}
              </td>
              <td data-label={messages.fieldStatus} className={cellClass}>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    comment.is_approved
                      ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300"
                      : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
                  }`}
                >
                  {comment.is_approved ? messages.statusApproved : messages.statusPending}
                </span>
              </td>
              <ActionsCell>
                {comment.is_approved ? null : (
                  <button
                    type="button"
                    disabled={!hydrated || approving === comment.id}
                    className={`${buttonClass.secondary} border-green-600 text-green-800 dark:border-green-800 dark:text-green-300`}
                    aria-label={formatMessage(messages.approveCommentBy, names)}
                    onClick={() => void approve(comment)}
                  >
                    {approving === comment.id ? messages.pleaseWait : messages.approve}
                  </button>
                )}
                <RowButton action="delete" label={formatMessage(messages.deleteCommentBy, names)} onClick={() => setDeleting(comment)} />
              </ActionsCell>
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDelete
        target={deleting && { path: `/api/comments/${deleting.id}`, question: messages.confirmDeleteComment }}
        texts={{ success: messages.commentDeleted, failure: messages.commentDeleteFailed }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

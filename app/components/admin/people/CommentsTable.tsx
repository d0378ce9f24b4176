import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import type { ArticleComment } from "~/lib/api-types";
import { formatCardDate } from "~/lib/dates";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import { previewPath } from "~/lib/preview";
import { AdminTable, buttonClass, cellClass } from "./AdminTable";
import { useAdminWrite } from "./use-admin-write";

/** SPEC 2 Comment Moderation: Article, User, Comment, Status; approve (pending only) and delete. */
export function CommentsTable({ comments }: { comments: ArticleComment[] }) {
  const write = useAdminWrite();
  const [approving, setApproving] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ArticleComment | null>(null);
  const [busy, setBusy] = useState(false);

  async function approve(comment: ArticleComment) {
    setApproving(comment.id);
    await write(`/api/comments/${comment.id}/approve`, { method: "PUT" }, {
      success: messages.commentApproved,
      failure: messages.commentApproveFailed,
    });
    setApproving(null);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await write(`/api/comments/${deleting.id}`, { method: "DELETE" }, {
      success: messages.commentDeleted,
      failure: messages.commentDeleteFailed,
    });
    setBusy(false);
    if (result.ok) setDeleting(null);
  }

  if (comments.length === 0) {
    return <p className="mt-6 rounded-lg bg-white p-6 text-neutral-600 shadow-sm dark:bg-neutral-900 dark:text-neutral-400">{messages.noCommentsToShow}</p>;
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
              <td className={`${cellClass} max-w-56`}>
                <Link to={previewPath(comment.article_slug)} className="font-medium hover:text-brand hover:underline">
                  {comment.news_title}
                </Link>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {comment.user_name ?? <span className="italic text-neutral-500">{messages.anonymous}</span>}
                <br />
                <time dateTime={comment.created_at} className="text-xs text-neutral-500">
                  {formatCardDate(comment.created_at)}
                </time>
              </td>
              <td className={`${cellClass} min-w-64 max-w-md whitespace-pre-line break-words`}>{comment.content}</td>
              <td className={cellClass}>
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
              <td className={cellClass}>
                <div className="flex gap-2">
                  {comment.is_approved ? null : (
                    <button
                      type="button"
                      disabled={approving === comment.id}
                      className={`${buttonClass.secondary} border-green-600 text-green-800 dark:border-green-800 dark:text-green-300`}
                      aria-label={formatMessage(messages.approveCommentBy, names)}
                      onClick={() => void approve(comment)}
                    >
                      {approving === comment.id ? messages.pleaseWait : messages.approve}
                    </button>
                  )}
                  <button
                    type="button"
                    className={buttonClass.danger}
                    aria-label={formatMessage(messages.deleteCommentBy, names)}
                    onClick={() => setDeleting(comment)}
                  >
                    {messages.delete}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        message={messages.confirmDeleteComment}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

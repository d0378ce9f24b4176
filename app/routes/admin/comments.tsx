import { LoadFailed, PageIntro } from "~/components/admin/people/AdminTable";
import { CommentFilter, type CommentView, commentViewOf } from "~/components/admin/people/CommentFilter";
import { CommentsTable } from "~/components/admin/people/CommentsTable";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { readOrNull } from "~/server/admin-read";
import { listComments } from "~/server/services/comments";
import type { Route } from "./+types/comments";

/** SPEC 2 Comment Moderation: every comment, pending first; `?show=pending|approved` narrows it. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const view = commentViewOf(new URL(request.url).searchParams.get("show"));
  const all = await readOrNull((db) => listComments(db, admin));
  if (all === null) return { view, counts: null, comments: null };
  const pending = all.filter((comment) => !comment.is_approved);
  const counts: Record<CommentView, number> = { all: all.length, pending: pending.length, approved: all.length - pending.length };
  const comments = view === "all" ? all : view === "pending" ? pending : all.filter((comment) => comment.is_approved);
  return { view, counts, comments };
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.commentModeration} · ${messages.adminDashboardTitle}` }];

export default function CommentsPage({ loaderData }: Route.ComponentProps) {
  const { view, counts, comments } = loaderData;
  return (
    <>
      <PageIntro title={messages.commentModeration} intro={messages.commentsIntro} />
      {comments === null || counts === null ? (
        <LoadFailed message={messages.commentsFetchFailed} />
      ) : (
        <>
          <CommentFilter view={view} counts={counts} />
          <CommentsTable comments={comments} />
        </>
      )}
    </>
  );
}

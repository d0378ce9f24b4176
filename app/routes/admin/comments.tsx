import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { CommentFilter, type CommentView, commentViewOf } from "~/components/admin/people/CommentFilter";
import { CommentsTable } from "~/components/admin/people/CommentsTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { useMessages } from "~/contexts/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listComments } from "~/server/services/comments";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/comments";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** Comment Moderation (docs/product.md#comment-moderation): every comment, pending first; `?show=pending|approved` narrows it. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request, "moderateComments");
  const view = commentViewOf(new URL(request.url).searchParams.get("show"));
  const all = await readOrNull((db) => listComments(db, admin));
  if (all === null) return { view, counts: null, comments: null };
  const pending = all.filter((comment) => !comment.is_approved);
  const counts: Record<CommentView, number> = { all: all.length, pending: pending.length, approved: all.length - pending.length };
  const comments = view === "all" ? all : view === "pending" ? pending : all.filter((comment) => comment.is_approved);
  return { view, counts, comments };
}

export const clientLoader = ({ serverLoader, request }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { view: commentViewOf(new URL(request.url).searchParams.get("show")), counts: null, comments: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.commentModeration);

export default function CommentsPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
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

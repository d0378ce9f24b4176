import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { ReviewQueueTable } from "~/components/admin/review/ReviewQueueTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { useMessages } from "~/contexts/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { reviewQueue } from "~/server/services/review";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/review";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** Issue 15's review queue: the stories waiting for an editor. */
export async function loader({ request }: Route.LoaderArgs) {
  const editor = await requireBackOfficePage(request, "editEveryArticle");
  return { stories: await readOrNull((db) => reviewQueue(db, editor)) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { stories: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.reviewQueueTitle);

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <PageIntro title={messages.reviewQueueTitle} intro={messages.reviewQueueIntro} />
      {loaderData.stories === null ? <LoadFailed message={messages.reviewQueueFailed} /> : <ReviewQueueTable stories={loaderData.stories} />}
    </>
  );
}

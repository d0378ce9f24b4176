import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { ReviewQueueTable } from "~/components/admin/review/ReviewQueueTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { useMessages } from "~/components/i18n/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { reviewQueue } from "~/server/services/review";
import type { Route } from "./+types/review";

/** Issue 15's review queue: the stories waiting for an editor. */
export async function loader({ request }: Route.LoaderArgs) {
  const editor = await requireBackOfficePage(request, "editEveryArticle");
  return { stories: await readOrNull((db) => reviewQueue(db, editor)) };
}

/**
 * Opening this screen from another admin page fetches its data over the network: when that fails
 * (a dropped connection), the screen says so inside the admin frame.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    // The guard's redirect (signed out meanwhile) is not a failure.
    if (error instanceof Response) throw error;
    return { stories: null };
  }
}

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

import { data } from "react-router";
import { AdminArticleNotFound } from "~/components/admin/AdminArticleNotFound";
import { adminMeta } from "~/components/admin/admin-meta";
import { LiveDeskPage } from "~/components/admin/live-desk/LiveDeskPage";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { namesNothing } from "~/server/errors";
import { database } from "~/server/process/runtime";
import { liveDeskOf } from "~/server/services/live-desk";
import type { Route } from "./+types/article-live";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/**
 * /admin/articles/live/{slug} (issue 39): the live desk, the phone composer of a live story's
 * updates and the list of them to correct. For those who may post updates (authors, editors,
 * admins; contributors are taken to the dashboard, which says why); a draft they cannot see is
 * not found, as the API answers.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request, "publish");
  const desk = await liveDeskOf(await database(), staff, params.slug).catch((error: unknown) => (namesNothing(error) ? null : Promise.reject(error)));
  return data({ desk, staffId: staff.id }, { status: desk ? 200 : 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.desk?.story.title;
  return adminMeta(args, (m) => (title ? `${m.liveDeskTitle}: ${title}` : m.liveDeskTitle));
};

export default function ArticleLive({ loaderData }: Route.ComponentProps) {
  if (!loaderData.desk) {
    return <AdminArticleNotFound />;
  }
  // Another story's desk is another composer, with its own draft.
  return <LiveDeskPage key={loaderData.desk.story.slug} desk={loaderData.desk} staffId={loaderData.staffId} />;
}

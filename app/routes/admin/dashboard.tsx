import { Link } from "~/components/i18n/links";
import { adminMeta } from "~/components/admin/admin-meta";
import { LoadFailed } from "~/components/admin/table/AdminTable";
import { useFormatNumber, useLanguage, useMessages } from "~/contexts/i18n";
import { formatMessage } from "~/lib/format-message";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { newsQuerySchema } from "~/lib/schemas";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listArticles, workflowCounts } from "~/server/services/articles";
import { countCategories } from "~/server/services/categories";
import { countComments, countPendingComments } from "~/server/services/comments";
import { countUsers } from "~/server/services/users";
import { serverDataOr } from "~/components/admin/server-data-or";
import { PublishedChart } from "~/components/admin/dashboard/PublishedChart";
import { MostReadChart } from "~/components/admin/dashboard/MostReadChart";
import { publishedPerDay, queueAges } from "~/server/services/dashboard";
import { dashboardMostRead } from "~/server/services/most-read";
import { liveNowFor } from "~/server/services/live-desk";
import { LiveNowList } from "~/components/admin/live-desk/LiveNowList";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/dashboard";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** The most-read lists' length. */
const MOST_READ_LISTED = 8;

/**
 * docs/product.md#dashboard: totals for articles, users, comments and categories, and (issue 15) the newsroom's queues:
 * stories waiting for review or for their time, comments waiting for approval. Each role sees those
 * of the sections it may open (a contributor's and an author's articles are their own). Then the
 * charts: stories published per day, and the most-read stories of the last day and week.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request);
  const stats = await readOrNull(async (db) => {
    const [articles, users, comments, categories, pendingComments, workflow, ages] = await Promise.all([
      listArticles(db, admin, newsQuerySchema.parse({ limit: 1, status: "all" })).then((list) => list.total),
      countUsers(db),
      countComments(db),
      countCategories(db),
      countPendingComments(db),
      workflowCounts(db),
      queueAges(db, admin),
    ]);
    return { articles, users, comments, categories, pendingComments, inReview: workflow.inReview, scheduled: workflow.scheduled, ages };
  });
  const charts = await readOrNull(async (db) => {
    const [published, mostRead] = await Promise.all([publishedPerDay(db, admin), dashboardMostRead(db, admin, pageLocale(request), MOST_READ_LISTED)]);
    return { published, mostRead };
  });
  const liveNow = (await readOrNull((db) => liveNowFor(db, admin))) ?? [];
  return { stats, charts, liveNow };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { stats: null, charts: null, liveNow: [] });

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const { stats, charts, liveNow } = loaderData;
  const { can } = useNewsroomRole();
  return (
    <>
      <h1 className="text-2xl font-bold">{messages.adminDashboard}</h1>
      {stats === null ? (
        <LoadFailed message={messages.dashboardFailed} />
      ) : (
        <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {(
            [
              ["articles", messages.statArticles, "/admin/articles", "backOffice"],
              ["users", messages.statUsers, "/admin/users", "manageUsers"],
              ["comments", messages.statComments, "/admin/comments", "moderateComments"],
              ["categories", messages.statCategories, "/admin/categories", "manageSections"],
              ["inReview", messages.statInReview, "/admin/review", "editEveryArticle"],
              ["scheduled", messages.statScheduled, "/admin/articles?status=scheduled", "editEveryArticle"],
              ["pendingComments", messages.statPendingComments, "/admin/comments?show=pending", "moderateComments"],
            ] as const
          )
            .filter(([, , , ability]) => can(ability))
            .map(([key, label, to]) => (
            <div key={key} className="rounded-lg bg-white p-5 shadow-sm dark:bg-neutral-900">
              <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">{label}</dt>
              <dd className="mt-1 text-3xl font-black tabular-nums">
                <Link to={to} className="hover:text-brand">
                  {formatNumber(stats[key])}
                </Link>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {stats === null ? null : <QueueAges ages={stats.ages} />}
      <LiveNowList stories={liveNow} />
      {charts === null ? null : (
        <div className="mt-8 grid gap-6 xl:grid-cols-2">
          <PublishedChart days={charts.published} />
          <MostReadChart day={charts.mostRead.day} week={charts.mostRead.week} />
        </div>
      )}
      <p className="mt-8">
        <Link to="/admin/articles/new" className="inline-block rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
          {messages.newArticle}
        </Link>
      </p>
    </>
  );
}

/** How long the queues have waited, for the roles that work them: what to open first. */
function QueueAges({ ages }: { ages: { review: string | null; comments: string | null; nextScheduled: string | null } }) {
  const messages = useMessages();
  const { formatDateTime, formatScheduleTime } = useLanguage();
  const { can } = useNewsroomRole();
  const lines = [
    can("editEveryArticle") && ages.review ? formatMessage(messages.queueOldestReview, { time: formatDateTime(ages.review) }) : null,
    can("moderateComments") && ages.comments ? formatMessage(messages.queueOldestComment, { time: formatDateTime(ages.comments) }) : null,
    can("editEveryArticle") && ages.nextScheduled ? formatMessage(messages.queueNextScheduled, { time: formatScheduleTime(ages.nextScheduled) }) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-4 space-y-1 text-sm text-neutral-700 dark:text-neutral-300" data-queue-ages>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

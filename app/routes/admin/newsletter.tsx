import { adminMeta } from "~/components/admin/admin-meta";
import { IssueComposer } from "~/components/admin/newsletter/IssueComposer";
import { IssueProgress } from "~/components/admin/newsletter/IssueProgress";
import { serverDataOr } from "~/components/admin/server-data-or";
import { AdminTable, EmptyTable, LoadFailed, PageIntro, cellClass } from "~/components/admin/table/AdminTable";
import { Link } from "~/components/i18n/links";
import { useMessages } from "~/contexts/i18n";
import { NEWSLETTER_SUBSCRIBERS_PATH, NEWSLETTER_SUPPRESSIONS_PATH, NEWSLETTER_TOPICS_PATH, newsletterIssuePath } from "~/lib/admin-paths";
import { languageNameIn } from "~/lib/language-names";
import { LANGUAGES, type Language } from "~/lib/limits";
import { catalogFor } from "~/lib/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { listIssues, recentStories, storiesSinceLastIssue } from "~/server/newsletter/issues";
import type { Route } from "./+types/newsletter";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const ISSUES_SHOWN = 30;

/** /admin/newsletter (issue 40): compose an edition's issue (?edition=, the page's language by default), and the issues so far. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request, "sendNewsletters");
  const asked = new URL(request.url).searchParams.get("edition");
  const locale = pageLocale(request);
  const edition: Language = LANGUAGES.includes(asked as Language) ? (asked as Language) : LANGUAGES.includes(locale) ? locale : LANGUAGES[0]!;
  const data = await readOrNull(async (db) => ({
    issues: (await listIssues(db, staff, 1, ISSUES_SHOWN)).issues,
    stories: await recentStories(db, staff, edition),
    sinceLast: await storiesSinceLastIssue(db, staff, edition),
  }));
  const catalog = catalogFor(locale);
  return { edition, editions: LANGUAGES.map((code) => ({ code, name: languageNameIn(catalog, code) })), data };
}

export const clientLoader = async ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, null);

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminNewsletter);

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  if (loaderData === null) return <LoadFailed message={messages.newsletterActionFailed} />;
  const { edition, editions, data } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageIntro title={messages.adminNewsletter} intro={messages.newsletterIssuesIntro} />
        <div className="flex flex-wrap gap-4">
          <Link to={NEWSLETTER_TOPICS_PATH} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
            {messages.newsletterTopicsTitle}
          </Link>
          <Link to={NEWSLETTER_SUBSCRIBERS_PATH} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
            {messages.newsletterSubscribersLink}
          </Link>
          <Link to={NEWSLETTER_SUPPRESSIONS_PATH} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
            {messages.newsletterSuppressionsLink}
          </Link>
        </div>
      </div>
      {data === null ? (
        <LoadFailed message={messages.newsletterActionFailed} />
      ) : (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <IssueComposer key={edition} edition={edition} editions={editions} stories={data.stories} sinceLast={data.sinceLast} />
          <section>
            <h2 className="mb-3 text-lg font-bold">{messages.newsletterIssuesHeading}</h2>
            {data.issues.length === 0 ? (
              <EmptyTable message={messages.newsletterNoIssues} />
            ) : (
              <AdminTable caption={messages.newsletterIssuesHeading} columns={[messages.newsletterColumnIssue, messages.newsletterColumnStatus]}>
                {data.issues.map((issue) => (
                  <tr key={issue.id}>
                    <td className={cellClass} data-label={messages.newsletterColumnIssue}>
                      <Link to={newsletterIssuePath(issue.id)} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
                        {issue.subject}
                      </Link>
                      <span className="block text-xs text-neutral-600 dark:text-neutral-400">{editions.find((option) => option.code === issue.edition)?.name}</span>
                    </td>
                    <td className={cellClass} data-label={messages.newsletterColumnStatus}>
                      <IssueProgress issue={issue} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
        </div>
      )}
    </>
  );
}

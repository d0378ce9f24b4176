import { useId } from "react";
import { adminMeta } from "~/components/admin/admin-meta";
import { NewsletterBackLink } from "~/components/admin/newsletter/NewsletterBackLink";
import { SUBSCRIBER_STATUS_LABELS } from "~/components/admin/newsletter/issue-labels";
import { serverDataOr } from "~/components/admin/server-data-or";
import { AdminTable, EmptyTable, LoadFailed, PageIntro, buttonClass, cellClass, inputClass } from "~/components/admin/table/AdminTable";
import { useFilterSubmit } from "~/components/admin/table/use-filter-submit";
import { Pagination } from "~/components/pagination/Pagination";
import { useLanguage, useLocalizePath, useMessages } from "~/contexts/i18n";
import { NEWSLETTER_SUBSCRIBERS_PATH } from "~/lib/admin-paths";
import { formatMessage } from "~/lib/format-message";
import { languageNameIn } from "~/lib/language-names";
import { SUBSCRIBER_STATUSES } from "~/lib/newsletter-lists";
import { newsletterSubscribersQuerySchema } from "~/lib/schemas";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listSubscribers } from "~/server/newsletter/back-office-lists";
import type { Route } from "./+types/newsletter-subscribers";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const PAGE_SIZE = 50;

/** /admin/newsletter/subscribers (issue 40): who signed up, newest first, with status and lists; ?status= keeps one status. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request, "sendNewsletters");
  const params = new URL(request.url).searchParams;
  const query = newsletterSubscribersQuerySchema.safeParse({ page: params.get("page") ?? undefined, status: params.get("status") || undefined });
  // An address someone edited by hand shows everyone rather than an error page.
  const { page, status } = query.success ? query.data : { page: 1, status: undefined };
  return { page, status: status ?? null, list: await readOrNull((db) => listSubscribers(db, staff, page, PAGE_SIZE, status)) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { page: 1, status: null, list: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.newsletterSubscribersLink);

export default function SubscribersPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const localize = useLocalizePath();
  const submit = useFilterSubmit(NEWSLETTER_SUBSCRIBERS_PATH);
  const id = useId();
  const { list, status } = loaderData;
  const listName = (list: string) =>
    list.startsWith("topic:") ? list.slice("topic:".length) : formatMessage(messages.newsletterEditionList, { language: languageNameIn(messages, list) });

  return (
    <>
      <NewsletterBackLink />
      <PageIntro title={messages.newsletterSubscribersLink} intro={messages.newsletterSubscribersIntro} />
      <form
        method="get"
        action={localize(NEWSLETTER_SUBSCRIBERS_PATH)}
        role="search"
        aria-label={messages.newsletterSubscriberFilters}
        onSubmit={submit}
        className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm dark:bg-neutral-900"
      >
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium">
            {messages.newsletterColumnStatus}
          </label>
          <select id={`${id}-status`} name="status" defaultValue={status ?? ""} className={inputClass}>
            <option value="">{messages.newsletterAllSubscribers}</option>
            {SUBSCRIBER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {messages[SUBSCRIBER_STATUS_LABELS[value]]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${buttonClass.primary} py-2`}>
          {messages.applyFilters}
        </button>
      </form>
      {list === null ? (
        <LoadFailed message={messages.newsletterActionFailed} />
      ) : list.subscribers.length === 0 ? (
        <EmptyTable message={messages.newsletterNoSubscribers} />
      ) : (
        <AdminTable
          caption={messages.newsletterSubscribersLink}
          columns={[messages.newsletterColumnAddress, messages.newsletterColumnStatus, messages.newsletterColumnLists, messages.newsletterColumnSignedUp]}
        >
          {list.subscribers.map((row) => (
            <tr key={row.id}>
              <td className={`${cellClass} break-all`} data-label={messages.newsletterColumnAddress}>
                {row.email}
              </td>
              <td className={cellClass} data-label={messages.newsletterColumnStatus}>
                {messages[SUBSCRIBER_STATUS_LABELS[row.status]]}
                {row.status === "confirmed" && row.confirmed_at ? (
                  <time dateTime={row.confirmed_at} className="block text-xs text-neutral-600 dark:text-neutral-400">
                    {formatDateTime(row.confirmed_at)}
                  </time>
                ) : null}
              </td>
              <td className={cellClass} data-label={messages.newsletterColumnLists}>
                {row.lists.length === 0 ? messages.newsletterNoLists : row.lists.map(listName).join(", ")}
              </td>
              <td className={cellClass} data-label={messages.newsletterColumnSignedUp}>
                <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {list ? <Pagination page={loaderData.page} total={list.total} pageSize={PAGE_SIZE} /> : null}
    </>
  );
}

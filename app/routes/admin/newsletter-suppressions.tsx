import { useState } from "react";
import { useRevalidator } from "react-router";
import { adminMeta } from "~/components/admin/admin-meta";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { SUPPRESSION_REASON_LABELS } from "~/components/admin/newsletter/issue-labels";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { serverDataOr } from "~/components/admin/server-data-or";
import { AdminTable, EmptyTable, LoadFailed, PageIntro, buttonClass, cellClass } from "~/components/admin/table/AdminTable";
import { Pagination } from "~/components/pagination/Pagination";
import { useLanguage, useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import { formatMessage } from "~/lib/format-message";
import { newsletterPageSchema } from "~/lib/schemas";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { suppressionsPage } from "~/server/newsletter/back-office-lists";
import type { SuppressionView } from "~/server/newsletter/suppressions";
import type { Route } from "./+types/newsletter-suppressions";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { NewsletterBackLink } from "~/components/admin/newsletter/NewsletterBackLink";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const PAGE_SIZE = 50;

/** /admin/newsletter/suppressions (issue 40): the addresses no issue goes to, newest first, and lifting one. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request, "sendNewsletters");
  const { page } = newsletterPageSchema.parse({ page: new URL(request.url).searchParams.get("page") ?? undefined });
  return { page, list: await readOrNull((db) => suppressionsPage(db, staff, page, PAGE_SIZE)) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { page: 1, list: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.newsletterSuppressionsLink);

export default function SuppressionsPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  const revalidator = useRevalidator();
  const [lifting, setLifting] = useState<SuppressionView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { list } = loaderData;

  async function lift() {
    if (!lifting) return;
    setBusy(true);
    const result = await apiRequest(`/api/newsletter/suppressions/${lifting.id}`, { method: "DELETE" });
    setBusy(false);
    setLifting(null);
    setError(result.ok ? null : (result.error ?? messages.newsletterActionFailed));
    await revalidateLatest(revalidator);
  }

  return (
    <>
      <NewsletterBackLink />
      <PageIntro title={messages.newsletterSuppressionsLink} intro={messages.newsletterSuppressionsIntro} />
      {error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {list === null ? (
        <LoadFailed message={messages.newsletterActionFailed} />
      ) : list.suppressions.length === 0 ? (
        <EmptyTable message={messages.newsletterNoSuppressions} />
      ) : (
        <AdminTable
          caption={messages.newsletterSuppressionsLink}
          columns={[messages.newsletterColumnAddress, messages.newsletterColumnReason, messages.newsletterColumnSince, messages.fieldActions]}
        >
          {list.suppressions.map((row) => (
            <tr key={row.id}>
              <td className={cellClass} data-label={messages.newsletterColumnAddress}>
                {row.email}
              </td>
              <td className={cellClass} data-label={messages.newsletterColumnReason}>
                {messages[SUPPRESSION_REASON_LABELS[row.reason]]}
                {row.detail ? <span className="block break-all text-xs text-neutral-600 dark:text-neutral-400">{row.detail}</span> : null}
              </td>
              <td className={cellClass} data-label={messages.newsletterColumnSince}>
                <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
              </td>
              <td className={cellClass} data-label={messages.fieldActions}>
                <button type="button" className={buttonClass.secondary} onClick={() => setLifting(row)}>
                  {messages.newsletterLift}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {list ? <Pagination page={loaderData.page} total={list.total} pageSize={PAGE_SIZE} /> : null}
      <ConfirmDialog
        open={lifting !== null}
        message={formatMessage(messages.newsletterLiftConfirm, { email: lifting?.email ?? "" })}
        confirmLabel={messages.newsletterLift}
        busy={busy}
        onConfirm={lift}
        onCancel={() => setLifting(null)}
      />
    </>
  );
}

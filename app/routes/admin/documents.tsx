import { useRevalidator } from "react-router";
import { Link } from "~/components/i18n/links";
import { adminMeta } from "~/components/admin/admin-meta";
import { DocumentsTable } from "~/components/admin/documents/DocumentsTable";
import { isWorking } from "~/components/admin/documents/document-labels";
import { usePoll } from "~/components/admin/documents/use-poll";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { serverDataOr } from "~/components/admin/server-data-or";
import { EmptyTable, LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { Pagination } from "~/components/pagination/Pagination";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import { DOCUMENTS_PATH } from "~/lib/admin-paths";
import { formatMessage } from "~/lib/format-message";
import { documentsQuerySchema } from "~/lib/schemas";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { accountNames } from "~/server/services/account-names";
import { listDocuments } from "~/server/services/documents";
import type { Route } from "./+types/documents";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const PAGE_SIZE = 20;

/** /admin/documents (issue 38): the newsroom's evidence documents, newest first, 20 a page; editors see every one, others their own. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request);
  const query = documentsQuerySchema.parse({ page: new URL(request.url).searchParams.get("page") ?? undefined, limit: PAGE_SIZE });
  const found = await readOrNull(async (db) => {
    const list = await listDocuments(db, staff, query, pageLocale(request));
    return { list, uploaders: await accountNames(db, list.documents.map((document) => document.created_by)) };
  });
  return { list: found?.list ?? null, uploaders: found?.uploaders ?? {} };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { list: null, uploaders: {} });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminDocuments);

export default function DocumentsPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const revalidator = useRevalidator();
  const { staff } = useNewsroomRole();
  const { list, uploaders } = loaderData;
  // A document still being examined shows how far it has read, page by page.
  usePoll(list?.documents.some(isWorking) ?? false, () => revalidateLatest(revalidator));
  const from = list ? (list.page - 1) * list.limit + 1 : 0;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <PageIntro title={messages.adminDocuments} intro={messages.documentsIntro} />
        </div>
        <Link to={`${DOCUMENTS_PATH}/new`} className="inline-block rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
          {messages.documentUploadTitle}
        </Link>
      </div>
      {list === null ? (
        <LoadFailed message={messages.documentsFetchFailed} />
      ) : list.documents.length === 0 ? (
        <EmptyTable message={messages.documentsNone} />
      ) : (
        <>
          <p className="mt-6 text-sm text-neutral-600 tabular-nums dark:text-neutral-400">
            {formatMessage(messages.documentsRange, { from: formatNumber(from), to: formatNumber(from + list.documents.length - 1), total: formatNumber(list.total) })}
          </p>
          <DocumentsTable documents={list.documents} uploaders={uploaders} me={staff?.id ?? null} />
        </>
      )}
      {list ? <Pagination page={list.page} total={list.total} pageSize={PAGE_SIZE} /> : null}
    </>
  );
}

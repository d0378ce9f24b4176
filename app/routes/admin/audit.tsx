import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { AuditFilters } from "~/components/admin/audit/AuditFilters";
import { AuditTable } from "~/components/admin/audit/AuditTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { Pagination } from "~/components/pagination/Pagination";
import { useMessages } from "~/contexts/i18n";
import { auditQuerySchema } from "~/lib/schemas";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listAudit } from "~/server/services/audit";
import { listNewsroom } from "~/server/services/users";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/audit";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** The filters as the address gives them, for the form to show. */
function filtersOf(params: URLSearchParams) {
  const text = (name: string) => params.get(name)?.trim() ?? "";
  return { actor: text("actor"), action: text("action"), object: text("object"), from: text("from"), to: text("to") };
}

/** Issue 15's audit trail, for admins: newest first, filtered by the address, one page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request, "manageUsers");
  const params = new URL(request.url).searchParams;
  const found = await readOrNull(async (db) => {
    const [page, people] = await Promise.all([listAudit(db, admin, auditQuerySchema.parse(Object.fromEntries(params))), listNewsroom(db, admin)]);
    return { page, people };
  });
  return { filters: filtersOf(params), page: found?.page ?? null, people: found?.people ?? [] };
}

export const clientLoader = ({ serverLoader, request }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { filters: filtersOf(new URL(request.url).searchParams), page: null, people: [] });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminAudit);

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { filters, page, people } = loaderData;
  return (
    <>
      <PageIntro title={messages.adminAudit} intro={messages.auditIntro} />
      {/* A new key resets the fields when the address changes, e.g. by Back or Clear filters. */}
      <AuditFilters key={JSON.stringify(filters)} filters={filters} people={people} />
      {page === null ? (
        <LoadFailed message={messages.auditFailed} />
      ) : (
        <>
          <AuditTable entries={page.entries} />
          <Pagination page={page.page} total={page.total} pageSize={page.limit} />
        </>
      )}
    </>
  );
}

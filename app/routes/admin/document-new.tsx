import { adminMeta } from "~/components/admin/admin-meta";
import { DocumentUploadForm } from "~/components/admin/documents/DocumentUploadForm";
import { PageIntro } from "~/components/admin/table/AdminTable";
import { Link } from "~/components/i18n/links";
import { useMessages } from "~/contexts/i18n";
import { DOCUMENTS_PATH } from "~/lib/admin-paths";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { pageLocale } from "~/server/http/page-locale";
import { database } from "~/server/process/runtime";
import { maxDocumentBytes } from "~/server/services/documents";
import { listTags } from "~/server/services/tags";
import type { Route } from "./+types/document-new";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/documents/new (issue 38): every newsroom role may upload a document; the tags it may carry and the largest file. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request);
  return { tags: await listTags(await database(), pageLocale(request)), maxBytes: maxDocumentBytes() };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.documentUploadTitle);

export default function NewDocument({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={DOCUMENTS_PATH} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
          {messages.documentBack}
        </Link>
      </p>
      <PageIntro title={messages.documentUploadTitle} intro={messages.documentUploadIntro} />
      <DocumentUploadForm tags={loaderData.tags} maxBytes={loaderData.maxBytes} />
    </>
  );
}

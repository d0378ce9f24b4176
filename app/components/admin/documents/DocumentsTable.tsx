import { AdminTable, cellClass } from "~/components/admin/table/AdminTable";
import { Link } from "~/components/i18n/links";
import { useFormatDate, useLocale, useMessages } from "~/contexts/i18n";
import type { DocumentJson } from "~/lib/api-types";
import { documentPath } from "~/lib/admin-paths";
import { documentTitle } from "./document-labels";
import { DocumentProgress, DocumentStatusBadge } from "./DocumentStatusBadge";

/** The library's page of documents: each with its state, its date and who uploaded it. */
export function DocumentsTable({ documents, uploaders, me }: { documents: DocumentJson[]; uploaders: Record<number, string>; me: number | null }) {
  const messages = useMessages();
  const language = useLocale();
  const formatDate = useFormatDate();
  const columns = [messages.documentColumnTitle, messages.documentColumnStatus, messages.documentColumnDate, messages.documentColumnUploadedBy];
  return (
    <AdminTable caption={messages.adminDocuments} columns={columns}>
      {documents.map((document) => (
        <tr key={document.id} data-document-id={document.id}>
          <th scope="row" className={`${cellClass} min-w-40 max-w-md font-semibold`}>
            <Link to={documentPath(document.id)} className="line-clamp-2 text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
              {documentTitle(document, language, messages)}
            </Link>
          </th>
          <td data-label={messages.documentColumnStatus} className={cellClass}>
            <DocumentStatusBadge document={document} />
            <DocumentProgress document={document} />
          </td>
          <td data-label={messages.documentColumnDate} className={`${cellClass} whitespace-nowrap tabular-nums`}>
            {document.date ? <time dateTime={document.date}>{formatDate(document.date)}</time> : "–"}
          </td>
          <td data-label={messages.documentColumnUploadedBy} className={cellClass}>
            <span className="block">{document.created_by === null ? "" : document.created_by === me ? messages.documentUploadedByYou : (uploaders[document.created_by] ?? "")}</span>
            <time dateTime={document.created_at} className="block text-xs text-neutral-600 tabular-nums dark:text-neutral-400">
              {formatDate(document.created_at)}
            </time>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

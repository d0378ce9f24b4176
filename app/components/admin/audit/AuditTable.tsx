import { AdminTable, cellClass, EmptyTable } from "~/components/admin/table/AdminTable";
import { useLanguage, useMessages } from "~/contexts/i18n";
import type { AuditEntry } from "~/lib/api-types";
import { AUDIT_ACTION_LABELS, AUDIT_OBJECT_LABELS } from "~/lib/audit-labels";

/** The trail's entries, newest first: when, who, what, on which object, and what changed. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const messages = useMessages();
  const { formatDateTime } = useLanguage();
  if (entries.length === 0) {
    return <EmptyTable message={messages.auditEmpty} />;
  }
  return (
    <AdminTable caption={messages.auditTable} columns={[messages.auditWhen, messages.auditWho, messages.auditWhat, messages.auditObject, messages.auditSummary]}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <th scope="row" className={`${cellClass} whitespace-nowrap font-normal tabular-nums`}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </th>
          <td data-label={messages.auditWho} className={cellClass}>
            <span className="font-medium">{entry.actor_name}</span>
            <span className="block text-xs text-neutral-600 [overflow-wrap:anywhere] dark:text-neutral-400">{entry.actor_email}</span>
          </td>
          <td data-label={messages.auditWhat} className={cellClass}>
            {messages[AUDIT_ACTION_LABELS[entry.action]]}
          </td>
          <td data-label={messages.auditObject} className={`${cellClass} min-w-40`}>
            <span className="text-xs uppercase tracking-wide text-neutral-600 dark:text-neutral-400">{messages[AUDIT_OBJECT_LABELS[entry.object_type]]}</span>
            <span className="block [overflow-wrap:anywhere]">{entry.object_label}</span>
          </td>
          <td data-label={messages.auditSummary} className={`${cellClass} min-w-40 whitespace-pre-line [overflow-wrap:anywhere]`}>
            {entry.summary || <span aria-hidden="true">—</span>}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

import { Fragment, useState } from "react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { EditDeleteCell } from "~/components/admin/RowActions";
import { useHydrated } from "~/components/admin/use-hydrated";
import type { Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { useMessages } from "~/contexts/i18n";
import { ContentName } from "~/components/i18n/ContentName";
import { AdminTable, buttonClass, cellClass, EmptyTable } from "~/components/admin/table/AdminTable";
import { WriterArticles } from "./WriterArticles";

interface WritersTableProps {
  writers: Writer[];
  onEdit: (writer: Writer) => void;
  onDeleted: (writer: Writer) => void;
}

/** docs/product.md#writers: Name, Email, Bio; edit, delete (docs/product.md#validation-rules asks first) and a toggle listing the writer's articles. */
export function WritersTable({ writers, onEdit, onDeleted }: WritersTableProps) {
  const messages = useMessages();
  const columns = [messages.fieldName, messages.fieldEmail, messages.fieldBio, messages.fieldActions];
  const hydrated = useHydrated();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<Writer | null>(null);

  function toggle(id: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  if (writers.length === 0) {
    return <EmptyTable message={messages.noWriters} />;
  }

  return (
    <>
      <AdminTable caption={messages.adminWriters} columns={columns}>
        {writers.map((writer) => {
          const expanded = open.has(writer.id);
          const panelId = `writer-${writer.id}-articles`;
          return (
            <Fragment key={writer.id}>
              <tr>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  <ContentName text={writer.name} />
                </th>
                <td data-label={messages.fieldEmail} className={`${cellClass} [overflow-wrap:anywhere] md:whitespace-nowrap`}>
                  {writer.email}
                </td>
                <td data-label={messages.fieldBio} className={`${cellClass} min-w-56 max-w-md text-neutral-700 dark:text-neutral-300`}>
                  <p className="line-clamp-3">{writer.bio ? <ContentName text={writer.bio} /> : null}</p>
                </td>
                <EditDeleteCell name={writer.name} onEdit={() => onEdit(writer)} onDelete={() => setDeleting(writer)}>
                  <button
                    type="button"
                    disabled={!hydrated}
                    className={buttonClass.secondary}
                    aria-expanded={expanded}
                    aria-controls={expanded ? panelId : undefined}
                    aria-label={formatMessage(messages.writerArticles, { name: writer.name })}
                    onClick={() => toggle(writer.id)}
                  >
                    {messages.adminArticles}
                    <span aria-hidden="true" className={`ml-1 inline-block transition-transform ${expanded ? "rotate-180" : ""}`}>
                      ▾
                    </span>
                  </button>
                </EditDeleteCell>
              </tr>
              {expanded ? (
                <tr>
                  <td id={panelId} colSpan={columns.length} className="bg-neutral-50 px-4 py-3 dark:bg-neutral-950/40">
                    <WriterArticles writer={writer} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </AdminTable>
      <ConfirmDelete
        target={deleting && { path: `/api/writers/${deleting.id}`, question: messages.confirmDeleteWriter }}
        texts={{ success: messages.writerDeleted, failure: messages.writerDeleteFailed }}
        onClose={(deleted) => {
          if (deleted && deleting) onDeleted(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}

import { Fragment, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import type { Writer } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import { AdminTable, buttonClass, cellClass } from "./AdminTable";
import { WriterArticles } from "./WriterArticles";
import { useAdminWrite } from "./use-admin-write";

interface WritersTableProps {
  writers: Writer[];
  onEdit: (writer: Writer) => void;
  onDeleted: (writer: Writer) => void;
}

/** SPEC 2: Name, Email, Bio; edit, delete (SPEC 5 asks first) and a toggle listing the writer's articles. */
export function WritersTable({ writers, onEdit, onDeleted }: WritersTableProps) {
  const write = useAdminWrite();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<Writer | null>(null);
  const [busy, setBusy] = useState(false);

  function toggle(id: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await write(`/api/writers/${deleting.id}`, { method: "DELETE" }, {
      success: messages.writerDeleted,
      failure: messages.writerDeleteFailed,
    });
    setBusy(false);
    if (result.ok) {
      onDeleted(deleting);
      setDeleting(null);
    }
  }

  if (writers.length === 0) {
    return <p className="mt-6 rounded-lg bg-white p-6 text-neutral-600 shadow-sm dark:bg-neutral-900 dark:text-neutral-400">{messages.noWriters}</p>;
  }

  return (
    <>
      <AdminTable caption={messages.adminWriters} columns={[messages.fieldName, messages.fieldEmail, messages.fieldBio, messages.fieldActions]}>
        {writers.map((writer) => {
          const expanded = open.has(writer.id);
          const panelId = `writer-${writer.id}-articles`;
          return (
            <Fragment key={writer.id}>
              <tr>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  {writer.name}
                </th>
                <td className={`${cellClass} break-all`}>{writer.email}</td>
                <td className={`${cellClass} min-w-56 max-w-md text-neutral-700 dark:text-neutral-300`}>
                  <p className="line-clamp-3">{writer.bio}</p>
                </td>
                <td className={cellClass}>
                  <div className="flex gap-2">
                    <button
                      type="button"
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
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      aria-label={formatMessage(messages.editNamed, { name: writer.name })}
                      onClick={() => onEdit(writer)}
                    >
                      {messages.edit}
                    </button>
                    <button
                      type="button"
                      className={buttonClass.danger}
                      aria-label={formatMessage(messages.deleteNamed, { name: writer.name })}
                      onClick={() => setDeleting(writer)}
                    >
                      {messages.delete}
                    </button>
                  </div>
                </td>
              </tr>
              {expanded ? (
                <tr>
                  <td id={panelId} colSpan={4} className="bg-neutral-50 px-4 py-3 dark:bg-neutral-950/40">
                    <WriterArticles writer={writer} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        message={messages.confirmDeleteWriter}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

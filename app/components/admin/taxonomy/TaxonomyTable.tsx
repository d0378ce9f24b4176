import { useEffect, useId, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { AdminTable, buttonClass, cellClass } from "~/components/admin/people/AdminTable";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { useHydrated } from "~/components/admin/use-hydrated";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import type { TaxonomyItem, TaxonomyKind } from "./kinds";
import { TaxonomyEditRow } from "./TaxonomyEditRow";

interface TaxonomyTableProps {
  kind: TaxonomyKind;
  items: TaxonomyItem[];
}

/** SPEC 2: Name and Slug (and a category's Description), edited in place one row at a time. */
export function TaxonomyTable({ kind, items }: TaxonomyTableProps) {
  const write = useAdminWrite();
  const hydrated = useHydrated();
  const idPrefix = useId();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [returnFocusTo, setReturnFocusTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TaxonomyItem | null>(null);
  const [busy, setBusy] = useState(false);
  const editButtonId = (id: number) => `${idPrefix}-edit-${id}`;

  // Leaving edit mode puts the keyboard back on the row's Edit button, not at the top of the page.
  useEffect(() => {
    if (returnFocusTo === null) return;
    document.getElementById(editButtonId(returnFocusTo))?.focus();
    setReturnFocusTo(null);
  });

  function stopEditing() {
    setReturnFocusTo(editingId);
    setEditingId(null);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await write(`${kind.endpoint}/${deleting.id}`, { method: "DELETE" }, {
      success: kind.texts.deleted,
      failure: kind.texts.deleteFailed,
    });
    setBusy(false);
    if (result.ok) {
      if (deleting.id === editingId) setEditingId(null);
      setDeleting(null);
    }
  }

  if (items.length === 0) {
    return <p className="mt-6 rounded-lg bg-white p-6 text-neutral-600 shadow-sm dark:bg-neutral-900 dark:text-neutral-400">{kind.texts.empty}</p>;
  }

  const columns = [messages.fieldName, messages.articleSlug, ...(kind.withDescription ? [messages.fieldDescription] : []), messages.fieldActions];
  return (
    <>
      <AdminTable caption={kind.texts.title} columns={columns}>
        {items.map((item) =>
          item.id === editingId ? (
            <TaxonomyEditRow key={item.id} kind={kind} item={item} onDone={stopEditing} />
          ) : (
            <tr key={item.id}>
              <th scope="row" className={`${cellClass} font-semibold`}>
                {item.name}
              </th>
              <td className={`${cellClass} font-mono text-xs text-neutral-700 dark:text-neutral-300`}>{item.slug}</td>
              {kind.withDescription ? (
                <td className={`${cellClass} min-w-56 max-w-md text-neutral-700 dark:text-neutral-300`}>
                  <p className="line-clamp-2">{item.description}</p>
                </td>
              ) : null}
              <td className={cellClass}>
                <div className="flex gap-2">
                  <button
                    id={editButtonId(item.id)}
                    type="button"
                    disabled={!hydrated}
                    className={buttonClass.secondary}
                    aria-label={formatMessage(messages.editNamed, { name: item.name })}
                    onClick={() => setEditingId(item.id)}
                  >
                    {messages.edit}
                  </button>
                  <button
                    type="button"
                    disabled={!hydrated}
                    className={buttonClass.danger}
                    aria-label={formatMessage(messages.deleteNamed, { name: item.name })}
                    onClick={() => setDeleting(item)}
                  >
                    {messages.delete}
                  </button>
                </div>
              </td>
            </tr>
          ),
        )}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? formatMessage(kind.texts.confirmDelete, { name: deleting.name }) : ""}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

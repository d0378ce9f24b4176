import { useState } from "react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import type { FieldValues, SubmitOutcome } from "~/components/admin/fields";
import { InlineEditRow, cellsOf, useRowEditing } from "~/components/admin/InlineEditRow";
import { ContentName } from "~/components/i18n/ContentName";
import { AdminTable, cellClass, EmptyTable } from "~/components/admin/table/AdminTable";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { EditDeleteCell } from "~/components/admin/RowActions";
import { formatMessage } from "~/lib/format-message";
import { useMessages } from "~/contexts/i18n";
import { type TaxonomyItem, type TaxonomyKind, editValuesOf, validate } from "./kinds";

interface TaxonomyTableProps {
  kind: TaxonomyKind;
  items: TaxonomyItem[];
}

/**
 * docs/product.md#categories-and-tags: Name and Slug (and a category's Description), edited in place one row at a time. A row
 * shows the name in the admin's language; its edit row, the name in each language.
 */
export function TaxonomyTable({ kind, items }: TaxonomyTableProps) {
  const messages = useMessages();
  const write = useAdminWrite();
  const editing = useRowEditing();
  const [deleting, setDeleting] = useState<TaxonomyItem | null>(null);

  async function update(item: TaxonomyItem, values: FieldValues): Promise<SubmitOutcome> {
    const checked = await validate(kind, values);
    if (!checked.ok) return { invalid: checked.message };
    return write(`${kind.endpoint}/${item.id}`, { method: "PUT", json: checked.values }, { success: kind.texts.updated, failure: kind.texts.updateFailed });
  }

  if (items.length === 0) {
    return <EmptyTable message={kind.texts.empty} />;
  }

  return (
    <>
      <AdminTable caption={kind.texts.title} columns={[...cellsOf(kind.fields).map((cell) => cell.label), messages.fieldActions]}>
        {items.map((item) =>
          item.id === editing.editingId ? (
            <InlineEditRow
              key={item.id}
              label={formatMessage(messages.editNamed, { name: item.name })}
              fields={kind.fields}
              initialValues={editValuesOf(item)}
              onSave={(values) => update(item, values)}
              onDone={editing.done}
            />
          ) : (
            <tr key={item.id}>
              <th scope="row" className={`${cellClass} font-semibold`}>
                <ContentName text={item.name} />
              </th>
              <td data-label={messages.articleSlug} className={`${cellClass} font-mono text-xs text-neutral-700 dark:text-neutral-300`}>
                {item.slug}
              </td>
              {kind.withDescription ? (
                <td data-label={messages.fieldDescription} className={`${cellClass} min-w-56 max-w-md text-neutral-700 dark:text-neutral-300`}>
                  <p className="line-clamp-2">
                    {item.description ? <ContentName text={item.description} /> : null}
                  </p>
                </td>
              ) : null}
              <EditDeleteCell
                name={item.name}
                editButtonRef={editing.editButtonRef(item.id)}
                onEdit={() => editing.edit(item.id)}
                onDelete={() => setDeleting(item)}
              />
            </tr>
          ),
        )}
      </AdminTable>
      <ConfirmDelete
        target={deleting && { path: `${kind.endpoint}/${deleting.id}`, question: formatMessage(kind.texts.confirmDelete, { name: deleting.name }) }}
        texts={{ success: kind.texts.deleted, failure: kind.texts.deleteFailed }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

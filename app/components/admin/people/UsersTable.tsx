import { useState } from "react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import type { FieldSpec, FieldValues, SubmitOutcome } from "~/components/admin/fields";
import { InlineEditRow, useRowEditing } from "~/components/admin/InlineEditRow";
import { EditDeleteCell } from "~/components/admin/RowActions";
import type { PublicUser } from "~/lib/api-types";
import { formatMessage } from "~/lib/format-message";
import { ROLES } from "~/lib/limits";
import { roleCan } from "~/lib/roles";
import { roleName } from "~/lib/role-names";
import { useFormatDate, useMessages } from "~/contexts/i18n";
import type { Catalog } from "~/lib/i18n";
import { AdminTable, cellClass } from "~/components/admin/table/AdminTable";
import { useAdminWrite } from "./use-admin-write";
import { EMAIL_MAX, NAME_MAX } from "~/lib/limits";

const fieldsIn = (messages: Catalog): readonly FieldSpec[] => [
  { name: "name", label: messages.fieldName, required: true, maxLength: NAME_MAX, minWidth: "min-w-28" },
  { name: "email", label: messages.fieldEmail, type: "email", required: true, maxLength: EMAIL_MAX, minWidth: "min-w-40" },
  { name: "role", label: messages.fieldRole, type: "select", options: ROLES.map((role) => ({ value: role, label: roleName(role, messages) })), minWidth: "min-w-24" },
];

interface UsersTableProps {
  users: PublicUser[];
  currentUserId: number;
}

/**
 * docs/product.md#users: Name, Email, Role, Created At, with inline edit and delete (docs/product.md#validation-rules asks first). Whether
 * an admin may be demoted or deleted is the server's rule (the last admin stays): its message is shown.
 */
export function UsersTable({ users, currentUserId }: UsersTableProps) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const fields = fieldsIn(messages);
  const write = useAdminWrite();
  const editing = useRowEditing();
  const [deleting, setDeleting] = useState<PublicUser | null>(null);

  async function update(user: PublicUser, values: FieldValues): Promise<SubmitOutcome> {
    const { userUpdateSchema, firstMessage } = await import("~/lib/schemas");
    const parsed = userUpdateSchema.safeParse(values);
    if (!parsed.success) return { invalid: firstMessage(parsed.error) };
    return write(`/api/users/${user.id}`, { method: "PUT", json: parsed.data }, { success: messages.userUpdated, failure: messages.userUpdateFailed });
  }

  return (
    <>
      <AdminTable caption={messages.adminUsers} columns={[...fields.map((field) => field.label), messages.fieldCreatedAt, messages.fieldActions]}>
        {users.map((user) => {
          const created = <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>;
          return user.id === editing.editingId ? (
            <InlineEditRow
              key={user.id}
              label={formatMessage(messages.editNamed, { name: user.name })}
              fields={fields}
              initialValues={{ name: user.name, email: user.email, role: user.role }}
              after={
                <td data-label={messages.fieldCreatedAt} className={`${cellClass} pt-5`}>
                  {created}
                </td>
              }
              onSave={(values) => update(user, values)}
              onDone={editing.done}
            />
          ) : (
            <tr key={user.id}>
              {/* A name is whatever its owner typed: one long word wraps too, rather than widening the table. */}
              <th scope="row" className={`${cellClass} font-semibold [overflow-wrap:anywhere]`}>
                {user.name}
                {/* A space, not only a margin: the badge may wrap below a long name in a narrow column. */}
                {user.id === currentUserId ? (
                  <>
                    {" "}
                    <span className="inline-block rounded bg-neutral-200 px-1.5 py-0.5 text-xs font-medium text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200">
                      {messages.you}
                    </span>
                  </>
                ) : null}
              </th>
              {/* Room for an ordinary address on one line; a longer one wraps (after its @ where it can) instead of widening the table. */}
              <td data-label={messages.fieldEmail} className={`${cellClass} min-w-48 [overflow-wrap:anywhere]`}>
                <EmailAddress email={user.email} />
              </td>
              <td data-label={messages.fieldRole} className={cellClass}>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    roleCan(user.role, "backOffice")
                      ? "bg-brand/10 text-brand dark:bg-brand/30 dark:text-red-200"
                      : "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300"
                  }`}
                >
                  {roleName(user.role, messages)}
                </span>
              </td>
              {/* A date may wrap: kept on one line, Nepali's longer months (कात्तिक) left a tablet's table a pixel too wide beside a row being edited. */}
              <td data-label={messages.fieldCreatedAt} className={cellClass}>
                {created}
              </td>
              <EditDeleteCell
                name={user.name}
                editButtonRef={editing.editButtonRef(user.id)}
                onEdit={() => editing.edit(user.id)}
                onDelete={() => setDeleting(user)}
              />
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDelete
        target={deleting && { path: `/api/users/${deleting.id}`, question: messages.confirmDeleteUser }}
        texts={{ success: messages.userDeleted, failure: messages.userDeleteFailed }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** An address that may break before its @ first. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

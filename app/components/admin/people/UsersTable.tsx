import { useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import type { PublicUser } from "~/lib/api-types";
import { formatCardDate } from "~/lib/dates";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import { AdminTable, buttonClass, cellClass } from "./AdminTable";
import { UserEditRow, roleLabel } from "./UserEditRow";
import { useAdminWrite } from "./use-admin-write";

interface UsersTableProps {
  users: PublicUser[];
  currentUserId: number;
}

/** SPEC 2: Name, Email, Role, Created At, with inline edit and delete (SPEC 5 asks first). */
export function UsersTable({ users, currentUserId }: UsersTableProps) {
  const write = useAdminWrite();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PublicUser | null>(null);
  const [busy, setBusy] = useState(false);
  // Focus goes back to the row's Edit button when its edit ends, instead of being lost.
  const returnFocusTo = useRef<number | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await write(`/api/users/${deleting.id}`, { method: "DELETE" }, {
      success: messages.userDeleted,
      failure: messages.userDeleteFailed,
    });
    setBusy(false);
    if (result.ok) setDeleting(null);
  }

  return (
    <>
      <AdminTable
        caption={messages.adminUsers}
        columns={[messages.fieldName, messages.fieldEmail, messages.fieldRole, messages.fieldCreatedAt, messages.fieldActions]}
      >
        {users.map((user) =>
          user.id === editingId ? (
            <UserEditRow
              key={user.id}
              user={user}
              onDone={() => {
                returnFocusTo.current = user.id;
                setEditingId(null);
              }}
            />
          ) : (
            <tr key={user.id}>
              <th scope="row" className={`${cellClass} font-semibold`}>
                {user.name}
                {user.id === currentUserId ? (
                  <span className="ml-2 rounded bg-neutral-200 px-1.5 py-0.5 text-xs font-medium text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200">
                    {messages.you}
                  </span>
                ) : null}
              </th>
              <td className={`${cellClass} break-all`}>{user.email}</td>
              <td className={cellClass}>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    user.role === "admin"
                      ? "bg-brand/10 text-brand dark:bg-brand/30"
                      : "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300"
                  }`}
                >
                  {roleLabel(user.role)}
                </span>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={user.created_at}>{formatCardDate(user.created_at)}</time>
              </td>
              <td className={cellClass}>
                <div className="flex gap-2">
                  <button
                    type="button"
                    ref={(button) => {
                      if (button && returnFocusTo.current === user.id) {
                        returnFocusTo.current = null;
                        button.focus();
                      }
                    }}
                    className={buttonClass.secondary}
                    aria-label={formatMessage(messages.editNamed, { name: user.name })}
                    onClick={() => setEditingId(user.id)}
                  >
                    {messages.edit}
                  </button>
                  {/* Only a slip guard: the server's own rule is that the last admin stays. */}
                  <button
                    type="button"
                    className={buttonClass.danger}
                    aria-label={formatMessage(messages.deleteNamed, { name: user.name })}
                    title={user.id === currentUserId ? messages.cannotDeleteSelf : undefined}
                    disabled={user.id === currentUserId}
                    onClick={() => setDeleting(user)}
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
        message={messages.confirmDeleteUser}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

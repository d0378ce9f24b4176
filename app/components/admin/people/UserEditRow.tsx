import { useEffect, useId, useRef, useState } from "react";
import { useNotify } from "~/components/notifications/notifications";
import type { PublicUser } from "~/lib/api-types";
import { formatCardDate } from "~/lib/dates";
import { ROLES, type Role } from "~/lib/limits";
import { messages } from "~/lib/messages";
import { buttonClass, cellClass, inputClass } from "./AdminTable";
import { useAdminWrite } from "./use-admin-write";

export const roleLabel = (role: Role) => (role === "admin" ? messages.admin : messages.roleUser);

interface UserEditRowProps {
  user: PublicUser;
  onDone: () => void;
}

/**
 * The row in edit mode. A <form> cannot wrap a table row, so the fields join the form in the
 * actions cell through their `form` attribute: Enter saves, Escape cancels.
 */
export function UserEditRow({ user, onDone }: UserEditRowProps) {
  const write = useAdminWrite();
  const notify = useNotify();
  const formId = useId();
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const [busy, setBusy] = useState(false);

  useEffect(() => nameField.current?.focus(), []);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const { userUpdateSchema, firstMessage } = await import("~/lib/schemas");
    const parsed = userUpdateSchema.safeParse({ name, email, role });
    if (!parsed.success) {
      notify(firstMessage(parsed.error), "error");
      return;
    }
    setBusy(true);
    const result = await write(`/api/users/${user.id}`, { method: "PUT", json: { name, email, role } }, {
      success: messages.userUpdated,
      failure: messages.userUpdateFailed,
    });
    setBusy(false);
    if (result.ok) onDone();
  }

  return (
    <tr
      className="bg-amber-50/60 dark:bg-neutral-800/60"
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone();
      }}
    >
      <td className={cellClass}>
        <input
          ref={nameField}
          form={formId}
          aria-label={messages.fieldName}
          className={`${inputClass} min-w-40`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={200}
        />
      </td>
      <td className={cellClass}>
        <input
          form={formId}
          type="email"
          aria-label={messages.fieldEmail}
          className={`${inputClass} min-w-52`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          maxLength={320}
        />
      </td>
      <td className={cellClass}>
        <select
          form={formId}
          aria-label={messages.fieldRole}
          className={inputClass}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {roleLabel(option)}
            </option>
          ))}
        </select>
      </td>
      <td className={`${cellClass} whitespace-nowrap pt-5`}>
        <time dateTime={user.created_at}>{formatCardDate(user.created_at)}</time>
      </td>
      <td className={cellClass}>
        <form id={formId} noValidate onSubmit={(event) => void save(event)} className="flex gap-2">
          <button type="submit" disabled={busy} className={`${buttonClass.primary} px-3 py-1.5`}>
            {busy ? messages.pleaseWait : messages.save}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onDone}>
            {messages.cancel}
          </button>
        </form>
      </td>
    </tr>
  );
}

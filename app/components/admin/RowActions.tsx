import { buttonClass, cellClass } from "~/components/admin/table/AdminTable";
import { formatMessage } from "~/lib/format-message";
import { useMessages } from "~/contexts/i18n";
import { useHydrated } from "./use-hydrated";

/**
 * The last cell of an admin row: its buttons side by side, wrapping where the table is squeezed.
 * `className` can keep it from being squeezed further (a Tailwind min-w class).
 */
export function ActionsCell({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <td className={cellClass}>
      <div className={`flex flex-wrap gap-2 ${className}`}>{children}</div>
    </td>
  );
}

interface RowButtonProps {
  action: "edit" | "delete";
  /** The accessible name, which says which row it acts on ("Delete Politics"). */
  label: string;
  onClick: () => void;
  buttonRef?: React.Ref<HTMLButtonElement>;
}

/** A row's Edit or Delete. Off until hydrated: before that a click would do nothing at all. */
export function RowButton({ action, label, onClick, buttonRef }: RowButtonProps) {
  const messages = useMessages();
  const hydrated = useHydrated();
  return (
    <button
      ref={buttonRef}
      type="button"
      disabled={!hydrated}
      className={action === "edit" ? buttonClass.secondary : buttonClass.danger}
      aria-label={label}
      onClick={onClick}
    >
      {action === "edit" ? messages.edit : messages.delete}
    </button>
  );
}

interface EditDeleteCellProps {
  /** The row's name, for the buttons' accessible names ("Edit Politics", "Delete Politics"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  editButtonRef?: React.Ref<HTMLButtonElement>;
  /** The row's other actions, shown first. */
  children?: React.ReactNode;
}

export function EditDeleteCell({ name, onEdit, onDelete, editButtonRef, children }: EditDeleteCellProps) {
  const messages = useMessages();
  return (
    <ActionsCell>
      {children}
      <RowButton action="edit" label={formatMessage(messages.editNamed, { name })} buttonRef={editButtonRef} onClick={onEdit} />
      <RowButton action="delete" label={formatMessage(messages.deleteNamed, { name })} onClick={onDelete} />
    </ActionsCell>
  );
}

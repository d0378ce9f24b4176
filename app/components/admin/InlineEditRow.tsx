import { useEffect, useId, useRef, useState } from "react";
import { buttonClass, cellClass } from "~/components/admin/table/AdminTable";
import { useNotify } from "~/components/notifications/notifications";
import { useMessages } from "~/contexts/i18n";
import { FieldControl, type FieldSpec, type FieldValues, type SubmitOutcome, focusFirstControl, mustBeFilled } from "./fields";

/** Which row is being edited, and the keyboard back on that row's Edit button when the edit ends. */
export function useRowEditing() {
  const [editingId, setEditingId] = useState<number | null>(null);
  const returnFocusTo = useRef<number | null>(null);
  return {
    editingId,
    edit: setEditingId,
    done() {
      returnFocusTo.current = editingId;
      setEditingId(null);
    },
    /** The ref of row `id`'s Edit button. */
    editButtonRef: (id: number) => (button: HTMLButtonElement | null) => {
      if (button && returnFocusTo.current === id) {
        returnFocusTo.current = null;
        button.focus();
      }
    },
  };
}

interface InlineEditRowProps {
  /** Names the row's form, e.g. "Edit Politics". */
  label: string;
  /** In the table's column order: one cell each, or one for the fields that share a `column`. */
  fields: readonly FieldSpec[];
  initialValues: FieldValues;
  /** Read-only cells between the fields and the actions, e.g. a user's Created At. */
  after?: React.ReactNode;
  onSave: (values: FieldValues) => Promise<SubmitOutcome>;
  onDone: () => void;
}

/** The table columns of `fields`, in order: fields that share a `column` share its cell. */
export function cellsOf(fields: readonly FieldSpec[]): { label: string; fields: FieldSpec[] }[] {
  const cells: { label: string; fields: FieldSpec[] }[] = [];
  for (const field of fields) {
    const label = field.column ?? field.label;
    const last = cells.at(-1);
    if (last?.label === label) last.fields.push(field);
    else cells.push({ label, fields: [field] });
  }
  return cells;
}

/**
 * A table row in edit mode. A <form> cannot wrap a table row, so the fields join the form in the
 * actions cell through their `form` attribute: Enter in any field saves, Escape cancels. A refused
 * value is announced as a notification: a row has no room for a message.
 */
export function InlineEditRow({ label, fields, initialValues, after, onSave, onDone }: InlineEditRowProps) {
  const messages = useMessages();
  const notify = useNotify();
  const formId = useId();
  const row = useRef<HTMLTableRowElement>(null);
  const [values, setValues] = useState(initialValues);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => focusFirstControl(row.current), []);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const outcome = await onSave(values);
    setBusy(false);
    setInvalid("invalid" in outcome);
    if ("invalid" in outcome) {
      notify(messages[outcome.invalid], "error");
      focusFirstControl(row.current);
    } else if (outcome.ok) {
      onDone();
    }
  }

  return (
    <tr
      ref={row}
      className="bg-amber-50/60 dark:bg-neutral-800/60"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onDone();
        }
      }}
    >
      {cellsOf(fields).map((cell) => (
        <td key={cell.label} className={cellClass} data-label={cell.label}>
          <div className="flex flex-col gap-1.5">
            {cell.fields.map((field) => {
              const control = (
                <FieldControl
                  // A cell holds one line: a long text is edited in a single-line field.
                  field={field.type === "textarea" ? { ...field, type: "text" } : field}
                  form={formId}
                  aria-label={cell.fields.length === 1 ? field.label : undefined}
                  aria-invalid={(invalid && mustBeFilled(field)) || undefined}
                  value={values[field.name] ?? ""}
                  onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                />
              );
              // The column names a lone field; fields sharing it (a name in each language) say which is which.
              return cell.fields.length === 1 ? (
                <div key={field.name}>{control}</div>
              ) : (
                <label key={field.name} className="block text-xs font-medium text-neutral-700 dark:text-neutral-300">
                  <span className="mb-0.5 block">{field.label}</span>
                  {control}
                </label>
              );
            })}
          </div>
        </td>
      ))}
      {after}
      <td className={cellClass}>
        <form id={formId} noValidate aria-label={label} onSubmit={(event) => void save(event)} className="flex flex-wrap gap-2">
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

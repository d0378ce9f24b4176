import { type ReactNode, useId, useState } from "react";
import { errorClass, fieldClass, labelClass } from "~/components/admin/article-form/styles";
import { ConfirmButtons } from "~/components/admin/ConfirmDialog";
import { Dialog } from "~/components/ui/Dialog";

interface ReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does that cannot be taken back, shown first and in red. */
  warning: string;
  reasonLabel: string;
  /** Shown when the editor confirms with no reason written. */
  reasonRequired: string;
  confirmLabel: string;
  busy: boolean;
  /** The server's refusal, in the user's language. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** What the action concerns, between the warning and the reason. */
  children?: ReactNode;
}

/**
 * A grave action that the audit trail must explain: the dialog says what happens, and will not
 * confirm until the editor has written why. The reason is trimmed; the server checks it again.
 */
export function ReasonDialog({
  open,
  title,
  warning,
  reasonLabel,
  reasonRequired,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  children,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [blank, setBlank] = useState(false);
  const shown = blank ? reasonRequired : error;

  function confirm() {
    if (reason.trim() === "") {
      setBlank(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <p className="font-semibold text-red-800 dark:text-red-300">{warning}</p>
      {children}
      <label htmlFor={`${id}-reason`} className={`${labelClass} mt-4`}>
        {reasonLabel}
      </label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        required
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setBlank(false);
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        className={fieldClass}
      />
      {shown ? (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {shown}
        </p>
      ) : null}
      <ConfirmButtons confirmLabel={confirmLabel} busy={busy} onConfirm={confirm} onCancel={onCancel} />
    </Dialog>
  );
}

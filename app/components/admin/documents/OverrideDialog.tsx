import { useId, useState } from "react";
import { errorClass, fieldClass, labelClass } from "~/components/admin/article-form/styles";
import { ConfirmButtons } from "~/components/admin/ConfirmDialog";
import { Dialog } from "~/components/ui/Dialog";
import { useMessages } from "~/contexts/i18n";
import type { DocumentFinding } from "~/lib/api-types";
import { findingKind } from "./document-labels";

interface OverrideDialogProps {
  open: boolean;
  findings: DocumentFinding[];
  busy: boolean;
  /** The server's refusal, in the user's language. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * An editor's choice to publish a file whose findings remain (issue 38): it says plainly that the
 * words listed will be readable by anyone, lists them, and takes a written reason, which the server
 * keeps on the document and in the audit trail.
 */
export function OverrideDialog({ open, findings, busy, error, onConfirm, onCancel }: OverrideDialogProps) {
  const messages = useMessages();
  const id = useId();
  const [reason, setReason] = useState("");
  const [blank, setBlank] = useState(false);
  const shown = blank ? messages.overrideReasonRequired : error;

  function confirm() {
    if (reason.trim() === "") {
      setBlank(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <Dialog open={open} onClose={onCancel} title={messages.documentOverrideTitle}>
      <p className="font-semibold text-red-800 dark:text-red-300">{messages.documentOverrideWarning}</p>
      <ul className="mt-3 max-h-60 space-y-2 overflow-y-auto rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950" data-override-words>
        {findings.map((finding, index) => (
          <li key={index} className="break-words">
            <span className="font-semibold">{findingKind(messages, finding.kind).name}:</span> <span className="font-mono">{finding.text}</span>
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-reason`} className={`${labelClass} mt-4`}>
        {messages.documentOverrideReason}
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
      <ConfirmButtons confirmLabel={messages.documentOverrideSubmit} busy={busy} onConfirm={confirm} onCancel={onCancel} />
    </Dialog>
  );
}

import { ReasonDialog } from "~/components/admin/ReasonDialog";
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
  return (
    <ReasonDialog
      open={open}
      title={messages.documentOverrideTitle}
      warning={messages.documentOverrideWarning}
      reasonLabel={messages.documentOverrideReason}
      reasonRequired={messages.overrideReasonRequired}
      confirmLabel={messages.documentOverrideSubmit}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <ul className="mt-3 max-h-60 space-y-2 overflow-y-auto rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950" data-override-words>
        {findings.map((finding, index) => (
          <li key={index} className="break-words">
            <span className="font-semibold">{findingKind(messages, finding.kind).name}:</span> <span className="font-mono">{finding.text}</span>
          </li>
        ))}
      </ul>
    </ReasonDialog>
  );
}

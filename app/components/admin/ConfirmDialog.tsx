import { Dialog } from "~/components/ui/Dialog";
import { useMessages } from "~/contexts/i18n";

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to delete this writer?' (docs/product.md#validation-rules). */
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before anything destructive. The dialog focuses its Close button first, so Enter never deletes by accident. */
export function ConfirmDialog({ open, message, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const messages = useMessages();
  return (
    <Dialog open={open} onClose={onCancel} title={messages.confirmTitle}>
      <p>{message}</p>
      <ConfirmButtons confirmLabel={confirmLabel ?? messages.delete} busy={busy} onConfirm={onConfirm} onCancel={onCancel} />
    </Dialog>
  );
}

/** A destructive dialog's answer: Cancel first, then the act itself, which waits while it runs. */
export function ConfirmButtons({ confirmLabel, busy, onConfirm, onCancel }: { confirmLabel: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const messages = useMessages();
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      <button
        type="button"
        onClick={onCancel}
        className="rounded-md border border-neutral-300 px-4 py-2 font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
      >
        {messages.cancel}
      </button>
      <button type="button" disabled={busy} onClick={onConfirm} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
        {busy ? messages.pleaseWait : confirmLabel}
      </button>
    </div>
  );
}

import { useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";
import { useAdminWrite } from "./people/use-admin-write";

interface ConfirmDeleteProps {
  /** What is about to go: its API path and the question to ask. Null when nothing is. */
  target: { path: string; question: string } | null;
  texts: { success: string; failure: string };
  /** `deleted` is false when the editor cancelled or the server refused. */
  onClose: (deleted: boolean) => void;
}

/** Asks first (docs/product.md#validation-rules), then deletes through the API, with the outcome docs/product.md#messages-and-notifications describes. */
export function ConfirmDelete({ target, texts, onClose }: ConfirmDeleteProps) {
  const write = useAdminWrite();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target) return;
    setBusy(true);
    const result = await write(target.path, { method: "DELETE" }, texts);
    setBusy(false);
    // Closed either way: the outcome is a notification, which the modal's backdrop would dim.
    onClose(result.ok);
  }

  return (
    <ConfirmDialog
      open={target !== null}
      message={target?.question ?? ""}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
    />
  );
}

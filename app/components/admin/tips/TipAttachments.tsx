import { useState } from "react";
import { buttonClass } from "~/components/admin/table/AdminTable";
import { useFormatNumber, useMessages, useTranslate } from "~/contexts/i18n";
import type { TipAttachmentRef } from "~/lib/tips/protocol";
import { failureText } from "~/lib/tips/requests";
import { AttachmentDamaged, decryptedAttachment, saveBlob } from "./inbox-client";

const KB = 1024;
const MB = 1024 * KB;

/** A file's size as people say it: whole kilobytes below a megabyte, megabytes with one decimal above. */
function useFormatSize() {
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  return (bytes: number) =>
    bytes < MB
      ? translate("tipInboxSizeKb", { size: formatNumber(Math.max(1, Math.ceil(bytes / KB))) })
      : translate("tipInboxSizeMb", { size: formatNumber((bytes / MB).toFixed(1)) });
}

interface TipAttachmentsProps {
  tipId: number;
  /** What the server holds: ciphertext, by id. */
  stored: readonly { id: string; size: number }[];
  /** What the sealed message says of them: name, type and the key of each. */
  refs: readonly TipAttachmentRef[];
}

/**
 * A message's attachments. Download fetches the ciphertext, decrypts it here with the key the
 * sealed message carries, and saves it under the source's file name: the file never exists in
 * plain anywhere but on this computer.
 */
export function TipAttachments({ tipId, stored, refs }: TipAttachmentsProps) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatSize = useFormatSize();
  const [working, setWorking] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function download(ref: TipAttachmentRef) {
    setWorking(ref.id);
    setError(null);
    setStatus(translate("tipInboxDownloading", { name: ref.name }));
    try {
      saveBlob(await decryptedAttachment(tipId, ref), ref.name);
      setStatus(translate("tipInboxDownloaded", { name: ref.name }));
    } catch (caught) {
      setStatus("");
      setError(caught instanceof AttachmentDamaged ? messages.tipInboxAttachmentFailed : failureText(caught, messages.serverError));
    } finally {
      setWorking(null);
    }
  }

  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold">{messages.tipInboxAttachments}</h3>
      <ul className="mt-1 space-y-2">
        {stored.map((attachment) => {
          const ref = refs.find((candidate) => candidate.id === attachment.id);
          if (!ref) {
            return (
              <li key={attachment.id} className="text-sm text-amber-900 dark:text-amber-200">
                {messages.tipInboxAttachmentNoKey}
              </li>
            );
          }
          return (
            <li key={attachment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{ref.name}</span>
              <span className="text-neutral-600 dark:text-neutral-400">{formatSize(ref.size)}</span>
              <button
                type="button"
                disabled={working !== null}
                aria-label={translate("tipInboxDownloadNamed", { name: ref.name })}
                onClick={() => void download(ref)}
                className={buttonClass.secondary}
              >
                {working === ref.id ? messages.pleaseWait : messages.tipInboxDownload}
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
        {status}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

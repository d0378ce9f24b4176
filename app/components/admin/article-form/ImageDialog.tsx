import { useId, useState } from "react";
import { Dialog } from "~/components/ui/Dialog";
import { useMessages } from "~/contexts/i18n";
import { errorClass, fieldClass, labelClass, primaryButton, secondaryButton } from "./styles";
import { FilePicker } from "./FilePicker";
import { UploadProgress } from "./UploadProgress";
import { uploadMedia } from "./upload";

interface ImageDialogProps {
  open: boolean;
  onClose: () => void;
  onInsert: (image: { src: string; alt: string }) => void;
}

const IMAGE_FILE = /\.(jpe?g|png)$/i;

/** Inserts an image into the text: by address (docs/product.md#validation-rules: http, https or data only) or by upload. */
export function ImageDialog({ open, onClose, onInsert }: ImageDialogProps) {
  const messages = useMessages();
  const id = useId();
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);

  function close() {
    setUrl("");
    setAlt("");
    setError(null);
    onClose();
  }

  function insert(src: string) {
    onInsert({ src, alt: alt.trim() });
    close();
  }

  async function insertAddress() {
    // Checked here so the editor is told at once; the server's sanitizer drops any other scheme anyway.
    const { isAllowedImageSource } = await import("~/lib/schemas");
    const src = url.trim();
    if (!isAllowedImageSource(src)) {
      setError(messages.imageUrlScheme);
      return;
    }
    insert(src);
  }

  async function insertUpload(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    if (!IMAGE_FILE.test(file.name)) {
      setError(messages.editorImageType);
      return;
    }
    setError(null);
    setUpload({ name: file.name, fraction: 0 });
    const result = await uploadMedia(file, "content", (fraction) => setUpload({ name: file.name, fraction }), messages);
    setUpload(null);
    if (result.ok) insert(result.media.url);
    else setError(result.error);
  }

  return (
    <Dialog open={open} onClose={close} title={messages.insertImage}>
      {/* Not a <form>: the dialog sits inside the article form, and forms cannot nest. */}
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-url`} className={labelClass}>
            {messages.imageUrl}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              void insertAddress();
            }}
            aria-invalid={error === messages.imageUrlScheme ? true : undefined}
            aria-describedby={error === messages.imageUrlScheme ? `${id}-error` : undefined}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-alt`} className={labelClass}>
            {messages.imageAlt}
          </label>
          <input id={`${id}-alt`} value={alt} onChange={(event) => setAlt(event.target.value)} className={fieldClass} />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className={labelClass}>
            {messages.imageUpload}
          </label>
          <FilePicker
            id={`${id}-file`}
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            disabled={upload !== null}
            onChange={(event) => void insertUpload(event.currentTarget)}
          />
          {upload ? <UploadProgress name={upload.name} fraction={upload.fraction} /> : null}
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className={errorClass}>
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={close}>
            {messages.cancel}
          </button>
          <button type="button" className={primaryButton} disabled={url.trim() === "" || upload !== null} onClick={() => void insertAddress()}>
            {messages.insert}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

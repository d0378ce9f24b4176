import { useId, useState } from "react";
import { useMessages } from "~/contexts/i18n";
import type { MediaValue } from "./form-values";
import { errorClass, fieldClass, dangerSmallButton, hintClass, labelClass } from "./styles";
import { FilePicker } from "./FilePicker";
import { UploadProgress } from "./UploadProgress";
import { ACCEPT, fileTypeError, uploadMedia } from "./upload";

interface BannerFieldProps {
  value: MediaValue | null;
  /** An updater, because an upload finishes after the caption may have been typed. */
  onChange: (update: (current: MediaValue | null) => MediaValue | null) => void;
  trackUpload: <T>(upload: Promise<T>) => Promise<T>;
}

/** "Main Banner Image" (docs/product.md#the-article-form): uploaded as soon as it is chosen, then saved by URL (media position 0). */
export function BannerField({ value, onChange, trackUpload }: BannerFieldProps) {
  const messages = useMessages();
  const id = useId();
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is still a change.
    input.value = "";
    if (!file) return;
    const typeError = fileTypeError(file, "banner", messages);
    setError(typeError);
    if (typeError) return;
    setUpload({ name: file.name, fraction: 0 });
    const result = await trackUpload(uploadMedia(file, "banner", (fraction) => setUpload({ name: file.name, fraction }), messages));
    setUpload(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange((current) => ({ url: result.media.url, caption: current?.caption ?? "", media_type: "image" }));
  }

  return (
    <div>
      <label htmlFor={`${id}-file`} className={labelClass}>
        {messages.mainBannerImage}
      </label>
      <p id={`${id}-hint`} className={hintClass}>
        {messages.bannerHint}
      </p>
      {value ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <img
            src={value.url}
            alt={messages.bannerPreview}
            className="aspect-video w-full rounded-md bg-neutral-200 object-cover sm:w-56 dark:bg-neutral-800"
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-caption`} className={labelClass}>
              {messages.bannerCaption}
            </label>
            <input
              id={`${id}-caption`}
              value={value.caption}
              onChange={(event) => {
                const caption = event.target.value;
                onChange((current) => (current ? { ...current, caption } : current));
              }}
              className={fieldClass}
            />
            <button type="button" className={`${dangerSmallButton} mt-3`} onClick={() => onChange(() => null)}>
              {messages.removeBanner}
            </button>
          </div>
        </div>
      ) : null}
      <FilePicker
        id={`${id}-file`}
        accept={ACCEPT.banner}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        disabled={upload !== null}
        onChange={(event) => void choose(event.currentTarget)}
      />
      {upload ? <UploadProgress name={upload.name} fraction={upload.fraction} /> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useId, useRef, useState } from "react";
import { formatMessage } from "~/lib/format-message";
import { useMessages } from "~/contexts/i18n";
import type { MediaValue } from "./form-values";
import { dangerSmallButton, errorClass, fieldClass, hintClass, labelClass, smallButton } from "./styles";
import { FilePicker } from "./FilePicker";
import { UploadProgress } from "./UploadProgress";
import { ACCEPT, fileTypeError, uploadMedia } from "./upload";

interface ContentMediaFieldProps {
  value: MediaValue[];
  onChange: (update: (current: MediaValue[]) => MediaValue[]) => void;
  trackUpload: <T>(upload: Promise<T>) => Promise<T>;
}

interface PendingUpload {
  id: number;
  name: string;
  fraction: number;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * "Content Media with captions" (docs/product.md#the-article-form): several images or videos, each uploaded as soon as it is
 * chosen and shown with its caption. They are saved in the order shown, after the banner.
 */
export function ContentMediaField({ value, onChange, trackUpload }: ContentMediaFieldProps) {
  const messages = useMessages();
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const nextUpload = useRef(0);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  async function uploadOne(file: File): Promise<string | null> {
    const typeError = fileTypeError(file, "content", messages);
    if (typeError) return typeError;
    const uploadId = (nextUpload.current += 1);
    setPending((current) => [...current, { id: uploadId, name: file.name, fraction: 0 }]);
    const result = await trackUpload(
      uploadMedia(file, "content", (fraction) =>
        setPending((current) => current.map((p) => (p.id === uploadId ? { ...p, fraction } : p))),
        messages,
      ),
    );
    setPending((current) => current.filter((p) => p.id !== uploadId));
    if (!result.ok) return result.error;
    onChange((current) => [...current, { url: result.media.url, caption: "", media_type: result.media.media_type }]);
    return null;
  }

  async function choose(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    input.value = "";
    setErrors([]);
    const failures = await Promise.all(files.map(uploadOne));
    setErrors([...new Set(failures.filter((f): f is string => f !== null))]);
  }

  function reorder(from: number, to: number, action: "up" | "down") {
    onChange((current) => move(current, from, to));
    // Keep the keyboard on the item that moved, so it can be moved again.
    requestAnimationFrame(() => {
      const button = list.current?.querySelector<HTMLButtonElement>(`[data-move="${action}-${to}"]`);
      (button && !button.disabled ? button : list.current?.querySelector<HTMLElement>(`[data-caption="${to}"]`))?.focus();
    });
  }

  const setCaption = (index: number, caption: string) =>
    onChange((current) => current.map((item, i) => (i === index ? { ...item, caption } : item)));

  return (
    <fieldset>
      <legend className={labelClass}>{messages.contentMedia}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        {messages.contentMediaHint}
      </p>
      {value.length > 0 ? (
        <ol ref={list} className="mt-3 space-y-3">
          {value.map((item, index) => {
            const n = index + 1;
            return (
              <li
                key={`${item.url}-${index}`}
                className="flex flex-col gap-3 rounded-md border border-neutral-200 p-3 sm:flex-row sm:items-start dark:border-neutral-800"
              >
                {item.media_type === "video" ? (
                  <video
                    src={item.url}
                    controls
                    preload="metadata"
                    aria-label={formatMessage(messages.mediaItem, { n })}
                    className="aspect-video w-full rounded bg-black sm:w-48"
                  />
                ) : (
                  <img
                    src={item.url}
                    alt={formatMessage(messages.mediaItem, { n })}
                    className="aspect-video w-full rounded bg-neutral-200 object-cover sm:w-48 dark:bg-neutral-800"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <label htmlFor={`${id}-caption-${index}`} className={labelClass}>
                    {formatMessage(messages.mediaCaption, { n })}
                  </label>
                  <input
                    id={`${id}-caption-${index}`}
                    data-caption={index}
                    value={item.caption}
                    onChange={(event) => setCaption(index, event.target.value)}
                    className={fieldClass}
                  />
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      data-move={`up-${index}`}
                      className={smallButton}
                      disabled={index === 0}
                      aria-label={formatMessage(messages.moveMediaUp, { n })}
                      onClick={() => reorder(index, index - 1, "up")}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      data-move={`down-${index}`}
                      className={smallButton}
                      disabled={index === value.length - 1}
                      aria-label={formatMessage(messages.moveMediaDown, { n })}
                      onClick={() => reorder(index, index + 1, "down")}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      className={dangerSmallButton}
                      onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
                    >
                      {formatMessage(messages.removeMedia, { n })}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <label htmlFor={`${id}-files`} className="sr-only">
        {messages.addContentMedia}
      </label>
      <FilePicker
        id={`${id}-files`}
        multiple
        accept={ACCEPT.content}
        aria-describedby={`${id}-hint${errors.length ? ` ${id}-errors` : ""}`}
        onChange={(event) => void choose(event.currentTarget)}
      />
      {pending.map((upload) => (
        <UploadProgress key={upload.id} name={upload.name} fraction={upload.fraction} />
      ))}
      {errors.length > 0 ? (
        <div id={`${id}-errors`} role="alert" className={errorClass}>
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

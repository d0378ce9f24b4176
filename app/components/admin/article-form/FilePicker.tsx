import type { InputHTMLAttributes } from "react";
import { useMessages } from "~/contexts/i18n";

type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & { id: string };

/**
 * A file input whose button speaks the page's language: the browser's own button is worded in the
 * browser's language ('Choose File' on a Nepali screen). The input stays in the page, focusable and
 * labelled by its field's label; the visible button is a second label that opens the same picker.
 */
export function FilePicker({ id, multiple, ...input }: FilePickerProps) {
  const messages = useMessages();
  return (
    <div className="mt-2">
      <input id={id} type="file" multiple={multiple} className="peer sr-only" {...input} />
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center rounded-md bg-neutral-800 px-3 py-2 text-sm font-medium text-white hover:bg-neutral-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:bg-neutral-200 dark:text-neutral-900 dark:hover:bg-neutral-300"
      >
        {multiple ? messages.chooseFiles : messages.chooseFile}
      </label>
    </div>
  );
}

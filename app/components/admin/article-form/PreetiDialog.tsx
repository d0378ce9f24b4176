import { useEffect, useId, useRef, useState } from "react";
import { useMessages } from "~/contexts/i18n";
import { Dialog } from "~/components/ui/Dialog";
import { languageConfig } from "~/lib/languages";
import { preetiToUnicode } from "~/lib/preeti";
import { fieldClass, hintClass, labelClass, primaryButton, secondaryButton } from "./styles";

interface PreetiDialogProps {
  open: boolean;
  onClose: () => void;
  /** The converted text, one entry per non-empty line (each becomes a paragraph). */
  onInsert: (lines: string[]) => void;
}

/**
 * "Paste from Preeti": many newsrooms still type in the legacy Preeti font, whose letters are
 * Latin keys. The editor pastes them here, sees the Unicode Devanagari they become, and inserts it.
 */
export function PreetiDialog({ open, onClose, onInsert }: PreetiDialogProps) {
  const messages = useMessages();
  const id = useId();
  const [text, setText] = useState("");
  const source = useRef<HTMLTextAreaElement>(null);
  // The dialog focuses its Close button first; here there is only one thing to do, so start there.
  // This effect runs after the dialog's own, which opens it.
  useEffect(() => {
    if (open) source.current?.focus();
  }, [open]);
  const converted = preetiToUnicode(text);
  const lines = converted.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");

  function close() {
    setText("");
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title={messages.pasteFromPreeti}>
      {/* Not a <form>: the dialog sits inside the article form, and forms cannot nest. */}
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-preeti`} className={labelClass}>
            {messages.preetiText}
          </label>
          <textarea
            ref={source}
            id={`${id}-preeti`}
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-hint`}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className={`${fieldClass} font-mono text-sm`}
          />
          <p id={`${id}-hint`} className={hintClass}>
            {messages.preetiHint}
          </p>
        </div>
        <div>
          <p id={`${id}-preview-label`} className={labelClass}>
            {messages.unicodePreview}
          </p>
          <output
            htmlFor={`${id}-preeti`}
            aria-labelledby={`${id}-preview-label`}
            lang={languageConfig("ne").tag}
            className="mt-1 block min-h-16 whitespace-pre-wrap break-words rounded-md border border-dashed border-neutral-300 bg-neutral-50 px-3 py-2 text-lg dark:border-neutral-700 dark:bg-neutral-800/60"
          >
            {converted}
          </output>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={close}>
            {messages.cancel}
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={lines.length === 0}
            onClick={() => {
              onInsert(lines);
              close();
            }}
          >
            {messages.insert}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

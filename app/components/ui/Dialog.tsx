import { useEffect, useId, useRef } from "react";
import { useMessages } from "~/contexts/i18n";

const FIRST_FIELD = "input:not([type=hidden]):not(:disabled), textarea:not(:disabled), select:not(:disabled)";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  children: React.ReactNode;
  /** Full-screen on phones (overlays), or a centred card (modals). */
  variant?: "overlay" | "modal";
  /** Extra classes on the panel. */
  className?: string;
}

/**
 * An accessible modal on the native <dialog>: the page behind is inert, Escape closes it, focus
 * moves into it on open (to its first field, where the reader would start typing, else to its first
 * control) and returns to what opened it on close.
 */
export function Dialog({ open, onClose, title, children, variant = "modal", className = "" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const messages = useMessages();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      dialog.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  const panel =
    variant === "overlay"
      ? "m-0 h-full max-h-none w-full max-w-none sm:m-auto sm:mt-16 sm:h-auto sm:max-h-[80vh] sm:max-w-3xl sm:rounded-lg"
      : "m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg";

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === ref.current) onClose();
      }}
      className={`${panel} bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-black/60 dark:bg-neutral-900 dark:text-neutral-100 ${className}`}
    >
      {open ? (
        <div className="flex max-h-full flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-5 py-4 dark:border-neutral-800">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-white"
              aria-label={messages.closeDialog}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

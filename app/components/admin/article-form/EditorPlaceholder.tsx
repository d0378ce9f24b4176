import { useMessages } from "~/contexts/i18n";

/** The editor's space while its code loads (and on the server), so the page does not jump. */
export function EditorPlaceholder() {
  const messages = useMessages();
  return (
    <div className="flex min-h-[22rem] items-center justify-center bg-neutral-50 text-sm text-neutral-500 dark:bg-neutral-800/40 dark:text-neutral-400">
      {messages.loadingEditor}
    </div>
  );
}

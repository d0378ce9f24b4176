import { useMessages } from "~/contexts/i18n";

/**
 * Ad placeholder (docs/product.md#the-frame-of-every-page): a labelled box of a fixed size (the IAB 300×250 rectangle) that keeps the
 * layout where an ad would go. It loads nothing: no ad network, no third-party request (docs/product.md#privacy).
 * Not a landmark: a reader moving between a page's regions has nothing to find in an empty slot, and
 * a category page has two of them.
 */
export function AdPlaceholder({ className = "" }: { className?: string }) {
  const messages = useMessages();
  return (
    <div
      className={`flex h-[250px] w-[300px] max-w-full shrink-0 items-center justify-center rounded-md border border-dashed border-neutral-300 bg-neutral-100 text-xs font-medium uppercase tracking-widest text-neutral-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-400 ${className}`}
    >
      {messages.advertisement}
    </div>
  );
}

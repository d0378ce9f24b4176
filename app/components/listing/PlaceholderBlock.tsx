import { useId } from "react";
import { useMessages } from "~/contexts/i18n";

/**
 * A sidebar block for a feature that is not built yet (docs/product.md#the-frame-of-every-page: Upcoming Events, Highlights).
 * It says so plainly, so no reader mistakes it for an empty list.
 */
export function PlaceholderBlock({ title, text }: { title: string; text: string }) {
  const messages = useMessages();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-dashed border-neutral-300 p-4 dark:border-neutral-700">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <span className="shrink-0 whitespace-nowrap rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
          {messages.comingSoon}
        </span>
      </div>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{text}</p>
    </section>
  );
}

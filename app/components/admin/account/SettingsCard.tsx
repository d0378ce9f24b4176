import { useId } from "react";
import { useMessages } from "~/contexts/i18n";

/** One part of the account screen: a titled card. */
export function SettingsCard({ title, intro, badge, children }: { title: string; intro: string; badge?: React.ReactNode; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border border-neutral-200 bg-white p-4 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {badge}
      </div>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{intro}</p>
      {children}
    </section>
  );
}

export function StatusBadge({ on }: { on: boolean }) {
  const messages = useMessages();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        on ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200" : "bg-neutral-200 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300"
      }`}
    >
      {on ? messages.secondFactorOn : messages.secondFactorOff}
    </span>
  );
}

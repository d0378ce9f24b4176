import { Link } from "~/components/i18n/links";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import type { MessageKey } from "~/lib/messages";

export const COMMENT_VIEWS = ["all", "pending", "approved"] as const;
export type CommentView = (typeof COMMENT_VIEWS)[number];

export function commentViewOf(value: string | null): CommentView {
  return COMMENT_VIEWS.find((view) => view === value) ?? "all";
}

const LABELS: Record<CommentView, MessageKey> = {
  all: "filterAll",
  pending: "statusPending",
  approved: "statusApproved",
};

/** Links rather than buttons: each view has its own address, so it survives a reload and can be shared. */
export function CommentFilter({ view, counts }: { view: CommentView; counts: Record<CommentView, number> }) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  return (
    <nav aria-label={messages.commentFilter} className="mt-6 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-neutral-600 dark:text-neutral-400">{messages.commentFilter}:</span>
      {COMMENT_VIEWS.map((option) => (
        <Link
          key={option}
          to={option === "all" ? "." : `?show=${option}`}
          preventScrollReset
          aria-current={option === view ? "page" : undefined}
          className={`rounded-full px-3 py-1 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
            option === view
              ? "bg-brand text-white"
              : "bg-white text-neutral-700 shadow-sm hover:bg-neutral-50 dark:bg-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800"
          }`}
        >
          {messages[LABELS[option]]} <span className="tabular-nums opacity-80">({formatNumber(counts[option])})</span>
        </Link>
      ))}
    </nav>
  );
}

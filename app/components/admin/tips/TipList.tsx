import { EmptyTable } from "~/components/admin/table/AdminTable";
import { useFormatNumber, useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import { Pagination } from "~/components/pagination/Pagination";
import type { InboxPage } from "./inbox-types";

interface TipListProps {
  page: InboxPage;
  openId: number | null;
  onOpen: (id: number) => void;
  headingRef?: React.Ref<HTMLHeadingElement>;
}

/**
 * Step 2: the conversations, the latest message first, one page at a time (real `?page=` links).
 * Nothing here is content: the server cannot read any. Its heading takes the focus when the keys
 * open, so a screen reader lands where the inbox begins.
 */
export function TipList({ page, openId, onOpen, headingRef }: TipListProps) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const { formatDateTime, formatCardDate } = useLanguage();
  return (
    <section aria-labelledby="tip-list-title" className="min-w-0">
      <h2 id="tip-list-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
        {messages.tipInboxListTitle}
      </h2>
      {page.tips.length === 0 ? (
        <EmptyTable message={messages.tipInboxEmpty} />
      ) : (
        <ol className="mt-3 space-y-2">
          {page.tips.map((tip) => {
            const open = tip.id === openId;
            return (
              <li key={tip.id}>
                <button
                  type="button"
                  data-tip-id={tip.id}
                  aria-current={open ? "true" : undefined}
                  onClick={() => onOpen(tip.id)}
                  className={`block w-full rounded-lg border px-4 py-3 text-left shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                    open
                      ? "border-brand bg-red-50 dark:border-red-500 dark:bg-red-950/40"
                      : "border-transparent bg-white hover:border-neutral-300 dark:bg-neutral-900 dark:hover:border-neutral-700"
                  }`}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className={tip.unread ? "font-bold" : "font-semibold"}>{translate("tipInboxTipName", { id: formatNumber(tip.id) })}</span>
                    {tip.unread ? <span className="rounded bg-brand px-1.5 py-0.5 text-xs font-semibold text-white">{messages.tipInboxUnread}</span> : null}
                    {tip.kept ? (
                      <span className="rounded bg-neutral-200 px-1.5 py-0.5 text-xs font-semibold text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100">{messages.tipInboxKept}</span>
                    ) : null}
                  </span>
                  <span className="mt-1 block text-sm text-neutral-700 dark:text-neutral-300">
                    {translate("tipInboxLastMessage", { time: formatDateTime(tip.last_message_at) })}
                  </span>
                  <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-neutral-600 dark:text-neutral-400">
                    <span>{translate("tipInboxMessageCount", { count: formatNumber(tip.messages) })}</span>
                    {tip.expires_at ? <span>{translate("tipInboxExpires", { date: formatCardDate(tip.expires_at) })}</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page.page} total={page.total} pageSize={page.per_page} />
    </section>
  );
}

import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { AdminTable, buttonClass, cellClass } from "~/components/admin/people/AdminTable";
import { useAdminWrite } from "~/components/admin/people/use-admin-write";
import { useHydrated } from "~/components/admin/use-hydrated";
import type { ArticleSummary } from "~/lib/api-types";
import { formatCardDate } from "~/lib/dates";
import { formatMessage } from "~/lib/format-message";
import { messages } from "~/lib/messages";
import { previewPath } from "~/lib/preview";

const COLUMNS = [
  messages.articleTitle,
  messages.category,
  messages.writer,
  messages.publishedDate,
  messages.fieldStatus,
  messages.featured,
  messages.fieldActions,
];

const badge = "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** SPEC 2: Title, Category, Writer, Published date, Status, Featured, and edit, preview and delete. */
export function ArticlesTable({ articles }: { articles: ArticleSummary[] }) {
  const write = useAdminWrite();
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const result = await write(`/api/news/${encodeURIComponent(deleting.slug)}`, { method: "DELETE" }, {
      success: messages.articleDeleted,
      failure: messages.articleDeleteFailed,
    });
    setBusy(false);
    if (result.ok) setDeleting(null);
  }

  return (
    <>
      <AdminTable caption={messages.articlesTable} columns={COLUMNS}>
        {articles.map((article) => (
          <tr key={article.id}>
            <th scope="row" lang={article.language} className={`${cellClass} min-w-64 max-w-md font-semibold`}>
              <span className="line-clamp-2">{article.title}</span>
            </th>
            <td className={`${cellClass} whitespace-nowrap`}>{article.category_name}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{article.writer_name}</td>
            <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
              <time dateTime={article.published_at}>{formatCardDate(article.published_at)}</time>
            </td>
            <td className={cellClass}>
              {article.is_published ? (
                <span className={`${badge} bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200`}>{messages.published}</span>
              ) : (
                <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}>{messages.draft}</span>
              )}
            </td>
            <td className={cellClass}>
              {article.is_featured ? (
                <span className="font-semibold">
                  <span aria-hidden="true" className="mr-1 text-amber-600 dark:text-amber-400">
                    ★
                  </span>
                  {messages.yes}
                </span>
              ) : (
                <span className="text-neutral-500 dark:text-neutral-400">{messages.no}</span>
              )}
            </td>
            <td className={cellClass}>
              <div className="flex gap-2">
                <Link
                  to={`/admin/articles/edit/${encodeURIComponent(article.slug)}`}
                  className={buttonClass.secondary}
                  aria-label={formatMessage(messages.editNamed, { name: article.title })}
                >
                  {messages.edit}
                </Link>
                <a
                  href={previewPath(article.slug)}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass.secondary}
                  aria-label={formatMessage(messages.previewNamed, { name: article.title })}
                >
                  {messages.preview}
                </a>
                <button
                  type="button"
                  disabled={!hydrated}
                  className={buttonClass.danger}
                  aria-label={formatMessage(messages.deleteNamed, { name: article.title })}
                  onClick={() => setDeleting(article)}
                >
                  {messages.delete}
                </button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? formatMessage(messages.confirmDeleteArticle, { name: deleting.title }) : ""}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

import { useState } from "react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { ActionsCell, RowButton } from "~/components/admin/RowActions";
import { CategoryName, WriterName } from "~/components/article/FallbackNames";
import { AdminTable, buttonClass, cellClass } from "~/components/admin/table/AdminTable";
import { useFormatDate, useLanguage, useLocalizePath, useMessages } from "~/contexts/i18n";
import { Link } from "~/components/i18n/links";
import { useNewsroomRole } from "~/components/admin/use-newsroom-role";
import { articleEditPath, articleLivePath } from "~/lib/admin-paths";
import type { AdminArticleRow } from "~/lib/api-types";
import { languageNameIn } from "~/lib/language-names";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import { formatMessage } from "~/lib/format-message";
import { previewPath } from "~/lib/preview";

const badge = "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold";

/**
 * The article's language, and the story's other versions: a link to edit each, or that there is
 * none. Each language is written as it calls itself, which keeps the column narrow; the link says
 * in full what it opens.
 */
function TranslationCell({ article }: { article: AdminArticleRow }) {
  const messages = useMessages();
  const selfName = (language: Language) => <span lang={languageConfig(language).tag}>{languageConfig(language).selfName}</span>;
  return (
    <>
      <span className="block">{selfName(article.language)}</span>
      {article.translations.length > 0 ? (
        article.translations.map((translation) => (
          <Link
            key={translation.id}
            to={articleEditPath(translation.slug)}
            className="block text-sm whitespace-nowrap text-brand underline underline-offset-2 hover:no-underline dark:text-red-400"
          >
            <span aria-hidden="true">⇄ {selfName(translation.language)}</span>
            <span className="sr-only">{formatMessage(messages.translationLink, { language: languageNameIn(messages, translation.language) })}</span>
            {translation.is_published ? null : ` (${messages.draft})`}
          </Link>
        ))
      ) : (
        <span className="text-sm text-neutral-600 dark:text-neutral-400">{messages.noTranslation}</span>
      )}
    </>
  );
}

/** docs/product.md#articles: Title, Language (and its translation), Category, Writer, Published date, Status, Featured, and edit, preview and delete. */
export function ArticlesTable({ articles }: { articles: AdminArticleRow[] }) {
  const messages = useMessages();
  const formatDate = useFormatDate();
  const { formatScheduleTime } = useLanguage();
  const localize = useLocalizePath();
  const [deleting, setDeleting] = useState<AdminArticleRow | null>(null);
  const { staff, mayEdit, can } = useNewsroomRole();
  // Only editors and admins see others' articles here (listArticles): every other row is the viewer's own.
  const editable = (article: AdminArticleRow) => mayEdit({ authorId: staff?.id ?? null, isPublished: article.is_published });
  const columns = [
    messages.articleTitle,
    messages.language,
    messages.category,
    messages.writer,
    messages.publishedDate,
    messages.fieldStatus,
    messages.featured,
    messages.fieldActions,
  ];

  return (
    <>
      <AdminTable caption={messages.articlesTable} columns={columns} wide>
        {articles.map((article) => (
          <tr key={article.id}>
            <th scope="row" lang={article.language} className={`${cellClass} min-w-40 max-w-md font-semibold`}>
              <span className="line-clamp-2">{article.title}</span>
            </th>
            <td data-label={messages.language} className={cellClass}>
              <TranslationCell article={article} />
            </td>
            <td data-label={messages.category} className={cellClass}>
              <CategoryName article={article} />
            </td>
            <td data-label={messages.writer} className={cellClass}>
              <WriterName article={article} />
            </td>
            <td data-label={messages.publishedDate} className={`${cellClass} whitespace-nowrap tabular-nums`}>
              <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
            </td>
            <td data-label={messages.fieldStatus} className={cellClass}>
              {article.is_published ? (
                <span className={`${badge} bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200`}>{messages.published}</span>
              ) : article.scheduled_at ? (
                <span className={`${badge} bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200`}>
                  {messages.scheduled} <time dateTime={article.scheduled_at}>{formatScheduleTime(article.scheduled_at)}</time>
                </span>
              ) : article.in_review ? (
                <span className={`${badge} bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200`}>{messages.inReview}</span>
              ) : (
                <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`}>{messages.draft}</span>
              )}
            </td>
            <td data-label={messages.featured} className={cellClass}>
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
            {/* On a wide screen, room for Edit and Preview side by side in either language; narrower, the eight columns come first and the buttons stack. */}
            <ActionsCell className="2xl:min-w-44">
              {editable(article) ? (
                <Link
                  to={articleEditPath(article.slug)}
                  className={buttonClass.secondary}
                  aria-label={formatMessage(messages.editNamed, { name: article.title })}
                >
                  {messages.edit}
                </Link>
              ) : null}
              {article.live && article.live.ended_at === null && can("publish") ? (
                <Link to={articleLivePath(article.slug)} className={buttonClass.secondary} aria-label={formatMessage(messages.liveDeskNamed, { name: article.title })}>
                  {messages.liveDeskTitle}
                </Link>
              ) : null}
              <a
                href={localize(previewPath(article.slug))}
                target="_blank"
                rel="noopener"
                className={buttonClass.secondary}
                aria-label={formatMessage(messages.previewNamed, { name: article.title })}
              >
                {messages.preview}
              </a>
              {editable(article) ? (
                <RowButton action="delete" label={formatMessage(messages.deleteNamed, { name: article.title })} onClick={() => setDeleting(article)} />
              ) : null}
            </ActionsCell>
          </tr>
        ))}
      </AdminTable>
      <ConfirmDelete
        target={
          deleting && {
            path: `/api/news/${encodeURIComponent(deleting.slug)}`,
            question: formatMessage(messages.confirmDeleteArticle, { name: deleting.title }),
          }
        }
        texts={{ success: messages.articleDeleted, failure: messages.articleDeleteFailed }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

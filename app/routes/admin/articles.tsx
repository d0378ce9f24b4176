import { Link } from "~/components/i18n/links";
import {
  ARTICLE_STATUS_FILTERS,
  type ArticleListFilters,
  type ArticleStatusFilter,
  ArticleFilters,
  TRANSLATION_FILTERS,
  type TranslationFilter,
  hasFilters,
} from "~/components/admin/articles-list/ArticleFilters";
import { ArticlesTable } from "~/components/admin/articles-list/ArticlesTable";
import { LoadFailed } from "~/components/admin/table/AdminTable";
import { Pagination } from "~/components/pagination/Pagination";
import { formatMessage } from "~/lib/format-message";
import { adminMeta } from "~/components/admin/admin-meta";
import { useFormatNumber, useMessages } from "~/contexts/i18n";
import { newsQuerySchema } from "~/lib/schemas";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { database } from "~/server/process/runtime";
import { listArticles, translationsOf, workflowOf } from "~/server/services/articles";
import { listCategories } from "~/server/services/categories";
import { listWriters } from "~/server/services/writers";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/articles";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const PAGE_SIZE = 20;
const SEARCH_MAX = 200;
const PATH = "/admin/articles";

const positiveId = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/** A hand-edited address still gets a list: unknown values fall back to "no filter". */
function readFilters(params: URLSearchParams): ArticleListFilters {
  const status = params.get("status");
  const translation = params.get("translation");
  return {
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX),
    status: ARTICLE_STATUS_FILTERS.includes(status as ArticleStatusFilter) ? (status as ArticleStatusFilter) : "all",
    category: positiveId(params.get("category")),
    writer: positiveId(params.get("writer")),
    translation: TRANSLATION_FILTERS.includes(translation as TranslationFilter) ? (translation as TranslationFilter) : "any",
  };
}

/** /admin/articles (docs/product.md#articles): every article, drafts included, one page of 20 at a time, filtered by the address. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request);
  const params = new URL(request.url).searchParams;
  const filters = readFilters(params);
  const query = newsQuerySchema.parse({
    search: filters.search || undefined,
    status: filters.status,
    category: filters.category === null ? undefined : String(filters.category),
    writer: filters.writer ?? undefined,
    translation: filters.translation === "any" ? undefined : filters.translation,
    page: params.get("page") ?? undefined,
    limit: PAGE_SIZE,
  });
  try {
    const db = await database();
    const language = pageLocale(request);
    const [list, categories, writers] = await Promise.all([listArticles(db, admin, query, { names: language }), listCategories(db, language), listWriters(db, language)]);
    const ids = list.articles.map((article) => article.id);
    const [translations, workflow] = await Promise.all([translationsOf(db, ids), workflowOf(db, ids)]);
    return {
      filters,
      list: {
        ...list,
        articles: list.articles.map((article) => ({
          ...article,
          translations: translations.get(article.id) ?? [],
          in_review: workflow.get(article.id)?.in_review ?? false,
          scheduled_at: workflow.get(article.id)?.scheduled_at ?? null,
        })),
      },
      categories: categories.map(({ id, name }) => ({ id, name })),
      writers: writers.map(({ id, name }) => ({ id, name })),
    };
  } catch (error) {
    console.error(error);
    return { filters, list: null, categories: [], writers: [] };
  }
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminArticles);

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const formatNumber = useFormatNumber();
  const { filters, list, categories, writers } = loaderData;
  const from = list ? (list.page - 1) * list.limit + 1 : 0;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{messages.adminArticles}</h1>
          <p className="mt-1 max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{messages.articlesIntro}</p>
        </div>
        <Link to="/admin/articles/new" className="inline-block rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90">
          {messages.newArticle}
        </Link>
      </div>
      {/* A new key resets the fields when the address changes, e.g. by Back or Clear filters. */}
      <ArticleFilters key={JSON.stringify(filters)} action={PATH} filters={filters} categories={categories} writers={writers} />
      {list === null ? (
        <LoadFailed message={messages.articlesFetchFailed} />
      ) : list.articles.length === 0 ? (
        <div className="mt-6 rounded-lg bg-white p-6 shadow-sm dark:bg-neutral-900">
          <p className="font-semibold">{messages.noNews}</p>
          {hasFilters(filters) ? <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{messages.noArticlesMatchHint}</p> : null}
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-neutral-600 tabular-nums dark:text-neutral-400" aria-live="polite">
            {formatMessage(messages.articlesRange, {
              from: formatNumber(from),
              to: formatNumber(from + list.articles.length - 1),
              total: formatNumber(list.total),
            })}
          </p>
          <ArticlesTable articles={list.articles} />
        </>
      )}
      {list ? <Pagination page={list.page} total={list.total} pageSize={PAGE_SIZE} /> : null}
    </>
  );
}

import { data, redirect } from "react-router";
import { AdminArticleNotFound } from "~/components/admin/AdminArticleNotFound";
import { ArticleForm } from "~/components/admin/article-form/ArticleForm";
import { adminMeta } from "~/components/admin/admin-meta";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { AppError, namesNothing } from "~/server/errors";
import { database } from "~/server/process/runtime";
import { getArticle } from "~/server/services/articles";
import { reviewStateOf } from "~/server/services/review";
import { ROLE_FORBIDDEN_NOTICE } from "~/lib/admin-notice";
import { localizedFor } from "~/server/http/page-locale";
import { listCategories } from "~/server/services/categories";
import { listTags } from "~/server/services/tags";
import { listWriters } from "~/server/services/writers";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/article-edit";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/**
 * docs/product.md#the-article-form: edit mode loads the article by its slug, drafts included, with where it stands in review.
 * A story the member's role may not change (app/lib/roles.ts) is not offered as a form: one they
 * cannot see is not found, one they can see sends them to the dashboard, which says why.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireBackOfficePage(request);
  const db = await database();
  const language = pageLocale(request);
  const missing = (error: unknown) => {
    if (namesNothing(error)) return null;
    if (error instanceof AppError && error.status === 403) throw redirect(`${localizedFor(request, "/admin/dashboard")}?notice=${ROLE_FORBIDDEN_NOTICE}`);
    throw error;
  };
  const [article, review, categories, writers, tags] = await Promise.all([
    getArticle(db, staff, params.slug, language).catch(missing),
    reviewStateOf(db, staff, params.slug).catch(missing),
    listCategories(db, language),
    listWriters(db, language),
    listTags(db, language),
  ]);
  const found = article && review ? { article, review } : { article: null, review: null };
  return data({ ...found, categories, writers, tags }, { status: found.article ? 200 : 404 });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.editArticle, { suffix: false });

export default function EditArticle({ loaderData }: Route.ComponentProps) {
  const { article, review, ...choices } = loaderData;
  if (!article || !review) {
    return <AdminArticleNotFound />;
  }
  // A new slug (after a save that moved it) is a different article to the form: it starts afresh.
  return <ArticleForm key={article.slug} article={article} review={review} {...choices} />;
}

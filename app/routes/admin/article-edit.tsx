import { data } from "react-router";
import { Link } from "~/components/i18n/links";
import { ArticleForm } from "~/components/admin/article-form/ArticleForm";
import { adminMeta } from "~/components/admin/admin-meta";
import { useMessages } from "~/components/i18n/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { AppError } from "~/server/errors";
import { database } from "~/server/process/runtime";
import { getArticle } from "~/server/services/articles";
import { listCategories } from "~/server/services/categories";
import { listTags } from "~/server/services/tags";
import { listWriters } from "~/server/services/writers";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/article-edit";

/** SPEC 4: edit mode loads the article by its slug, drafts included (the admin sees them all). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request);
  const db = await database();
  const language = pageLocale(request);
  const [article, categories, writers, tags] = await Promise.all([
    getArticle(db, admin, params.slug, language).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }),
    listCategories(db, language),
    listWriters(db, language),
    listTags(db, language),
  ]);
  return data({ article, categories, writers, tags }, { status: article ? 200 : 404 });
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.editArticle, { suffix: false });

export default function EditArticle({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { article, ...choices } = loaderData;
  if (!article) {
    return (
      <div className="mx-auto max-w-2xl py-8 text-center">
        <h1 className="text-2xl font-bold">{messages.articleNotFoundTitle}</h1>
        <p className="mt-3 text-neutral-700 dark:text-neutral-300">{messages.articleNotFoundText}</p>
        <p className="mt-6">
          <Link to="/admin/articles" className="font-semibold text-brand underline underline-offset-2 hover:no-underline">
            {messages.backToArticles}
          </Link>
        </p>
      </div>
    );
  }
  // A new slug (after a save that moved it) is a different article to the form: it starts afresh.
  return <ArticleForm key={article.slug} article={article} {...choices} />;
}

import { ArticleForm } from "~/components/admin/article-form/ArticleForm";
import { adminMeta } from "~/components/admin/admin-meta";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { database } from "~/server/process/runtime";
import { listCategories } from "~/server/services/categories";
import { listTags } from "~/server/services/tags";
import { listWriters } from "~/server/services/writers";
import { pageLocale } from "~/server/http/page-locale";
import type { Route } from "./+types/article-new";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** docs/product.md#the-article-form: the article form, empty (a new story's defaults: docs/product.md#what-the-site-keeps), with the choices it offers. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request);
  const db = await database();
  const language = pageLocale(request);
  const [categories, writers, tags] = await Promise.all([listCategories(db, language), listWriters(db, language), listTags(db, language)]);
  return { categories, writers, tags };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.newArticle, { suffix: false });

export default function NewArticle({ loaderData }: Route.ComponentProps) {
  return <ArticleForm article={null} review={null} {...loaderData} />;
}

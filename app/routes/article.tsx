import { data } from "react-router";
import { formatCardDate } from "~/lib/dates";
import { messages } from "~/lib/messages";
import { AppError } from "~/server/errors";
import { database } from "~/server/runtime";
import { getArticle } from "~/server/services/articles";
import type { Route } from "./+types/article";

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return { article: await getArticle(await database(), null, params.slug) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.article.meta_title || loaderData.article.title },
        { name: "description", content: loaderData.article.meta_description || loaderData.article.excerpt },
      ]
    : [{ title: "Article Not Found" }];

export default function ArticlePage({ loaderData: { article } }: Route.ComponentProps) {
  const banner = article.media.find((m) => m.kind === "banner");
  return (
    <>
      <article lang={article.language} className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold uppercase text-brand">{article.category_name}</p>
        <h1 className="mt-2 text-3xl font-black leading-tight">{article.title}</h1>
        {article.meta_description ? <p className="mt-3 text-lg text-neutral-600 dark:text-neutral-400">{article.meta_description}</p> : null}
        <p className="mt-3 text-sm text-neutral-500">
          {article.writer_name} · <time dateTime={article.published_at}>{formatCardDate(article.published_at)}</time> ·{" "}
          {article.read_time} min read
        </p>
        {banner ? (
          <figure className="mt-6">
            <img src={banner.url} alt={banner.caption} width={banner.width ?? undefined} height={banner.height ?? undefined} className="w-full rounded" />
            {banner.caption ? <figcaption className="mt-1 text-sm text-neutral-500">{banner.caption}</figcaption> : null}
          </figure>
        ) : null}
        <div className="prose mt-6 space-y-4 leading-relaxed" dangerouslySetInnerHTML={{ __html: article.content }} />
        <section className="mt-10" aria-labelledby="comments-heading">
          <h2 id="comments-heading" className="text-xl font-bold">
            Comments ({article.comments.length})
          </h2>
          {article.comments.length === 0 ? (
            <p className="mt-2 text-neutral-600">{messages.noComments}</p>
          ) : (
            <ul className="mt-2 space-y-3">
              {article.comments.map((comment) => (
                <li key={comment.id}>
                  <p className="text-sm font-semibold">{comment.user_name ?? messages.anonymous}</p>
                  <p>{comment.content}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </article>
    </>
  );
}

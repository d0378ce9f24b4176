import { ArticleCard } from "~/components/article-card/ArticleCard";
import { messages } from "~/lib/messages";
import { newsQuerySchema } from "~/lib/schemas";
import { database } from "~/server/runtime";
import { listArticles } from "~/server/services/articles";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Khulasa — Independent investigative journalism from Nepal" },
  { name: "description", content: "Investigations into corruption and abuse of power, in Nepali and English." },
];

export async function loader() {
  const { articles } = await listArticles(await database(), null, newsQuerySchema.parse({ limit: 20 }));
  return { articles };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Latest News</h1>
      {loaderData.articles.length === 0 ? (
        <p className="py-8 text-neutral-600">{messages.noNews}</p>
      ) : (
        <div>
          {loaderData.articles.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      )}
    </>
  );
}

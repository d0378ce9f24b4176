import { CategoryName, WriterName } from "~/components/article/FallbackNames";
import { Anchor } from "~/components/i18n/anchor";
import { isMarkedSnippet } from "~/components/search/snippet";
import type { CardArticle } from "~/lib/article-cards";
import { useLocale } from "~/contexts/i18n";
import { languageConfig } from "~/lib/languages";
import type { Language } from "~/lib/limits";
import { ArticleImage } from "./ArticleImage";
import { CardActions } from "./CardActions";
import { CardTime } from "./CardTime";
import { island } from "~/islands/Island";
import { LiveBadge } from "~/components/live/LiveBadge";

const CardActionsIsland = island("card-actions", CardActions);

export type CardVariant = "small" | "medium" | "large";

interface ArticleCardProps {
  article: CardArticle;
  /** docs/product.md#the-frame-of-every-page: small, medium and large variants. */
  variant?: CardVariant;
  /** Images above the fold load eagerly; the rest lazily. */
  eager?: boolean;
  headingLevel?: "h2" | "h3";
}

export const articlePath = (slug: string) => `/article/${slug}`;

/**
 * A story this edition has only in the other language says so, in that language's own name for
 * itself ('English', 'नेपाली'): the card around it is set in that language.
 */
function OtherEditionLabel({ language }: { language: Language }) {
  return (
    <span className="edition-label">
      {languageConfig(language).selfName}
    </span>
  );
}

/** Article card, set in the article's own language (docs/product.md#the-frame-of-every-page); bookmark and share for signed-in readers. */
export function ArticleCard({ article, variant = "medium", eager = false, headingLevel = "h3" }: ArticleCardProps) {
  const locale = useLocale();
  const Heading = headingLevel;
  const path = articlePath(article.slug);
  const text = article.excerpt;
  const meta = (
    <p className="card-meta">
      {article.language === locale ? null : <OtherEditionLabel language={article.language} />}
      <WriterName article={article} within={article.language} /> · <CardTime iso={article.published_at} />
    </p>
  );
  // Search results show the words around the match, highlighted, instead of the excerpt.
  const snippet = isMarkedSnippet(article.snippet) ? article.snippet : null;
  const actions = <CardActionsIsland articleId={article.id} path={path} title={article.title} />;

  if (variant === "small") {
    return (
      <article lang={article.language} className="flex gap-3">
        <ArticleImage
          src={article.image_url}
          srcWidth={article.image_width}
          variants={article.image_variants}
          sizes="96px"
          drawnAt={96}
          width={96}
          height={54}
          loading={eager ? "eager" : "lazy"}
          className="card-thumb"
        />
        <div className="min-w-0">
          <Heading className="card-title-small">
            <Anchor to={path} className="link-hover">
              {article.is_live ? <LiveBadge className="mr-1.5 align-[0.1em]" /> : null}
              {article.title}
            </Anchor>
          </Heading>
          {meta}
        </div>
      </article>
    );
  }

  if (variant === "large") {
    return (
      <article lang={article.language} className="group">
        <Anchor to={path} tabIndex={-1} aria-hidden="true">
          <ArticleImage
            src={article.image_url}
            srcWidth={article.image_width}
            variants={article.image_variants}
            sizes="(min-width: 1024px) 720px, 100vw"
            width={1200}
            height={675}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            className="aspect-video w-full rounded-lg object-cover"
          />
        </Anchor>
        <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-brand"><CategoryName article={article} within={article.language} /></p>
        <Heading className="mt-1 text-2xl font-black leading-tight sm:text-3xl">
          <Anchor to={path} className="hover:underline">
            {article.is_live ? <LiveBadge className="mr-2 align-[0.15em]" /> : null}
            {article.title}
          </Anchor>
        </Heading>
        {snippet ? (
          <p className="mt-2 text-neutral-700 dark:text-neutral-300" dangerouslySetInnerHTML={{ __html: snippet }} />
        ) : text ? (
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">{text}</p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          {meta}
          {actions}
        </div>
      </article>
    );
  }

  return (
    <article lang={article.language} className="flex gap-4">
      <Anchor to={path} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ArticleImage
          src={article.image_url}
          srcWidth={article.image_width}
          variants={article.image_variants}
          sizes="(min-width: 640px) 160px, 112px"
          drawnAt={160}
          width={160}
          height={90}
          loading={eager ? "eager" : "lazy"}
          className="h-[63px] w-28 rounded object-cover sm:h-[90px] sm:w-40"
        />
      </Anchor>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand"><CategoryName article={article} within={article.language} /></p>
        <Heading className="mt-1 font-bold leading-snug sm:text-lg">
          <Anchor to={path} className="hover:underline">
            {article.is_live ? <LiveBadge className="mr-2 align-[0.15em]" /> : null}
            {article.title}
          </Anchor>
        </Heading>
        {snippet ? (
          <p data-testid="search-snippet" className="mt-1 line-clamp-3 text-sm text-neutral-600 dark:text-neutral-400" dangerouslySetInnerHTML={{ __html: snippet }} />
        ) : text ? (
          <p className="mt-1 line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{text}</p>
        ) : null}
        <div className="flex items-center justify-between gap-2">
          {meta}
          {actions}
        </div>
      </div>
    </article>
  );
}

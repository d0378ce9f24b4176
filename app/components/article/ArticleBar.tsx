import { useEffect, useState } from "react";
import { BookmarkButton } from "~/components/bookmarks/BookmarkButton";
import { ShareButton } from "~/components/share/ShareButton";
import { BackButton } from "./BackButton";
import { FontSizeMenu } from "./FontSizeMenu";
import { useScrolledPast } from "~/components/layout/use-scrolled-past";
import { useMessages } from "~/contexts/i18n";

/** docs/product.md#limits-and-constants: the article bar changes after 100 px of scroll. */
const ARTICLE_BAR_SCROLL_PX = 100;

/** The site header's height, which changes as it compacts on scroll: the bar sticks just below it. */
function useSiteHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector("body > header");
    if (!header) return;
    const observer = new ResizeObserver(() => setHeight(header.getBoundingClientRect().height));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

interface ArticleBarProps {
  articleId: number;
  title: string;
  path: string;
  language: string;
}

/**
 * Article bar (docs/product.md#article): back, font size, bookmark and share, sticky under the header. Once the reader
 * has scrolled past the headline it gains a background and shows the title. Its height never
 * changes, so nothing below it moves.
 */
export function ArticleBar({ articleId, title, path, language }: ArticleBarProps) {
  const messages = useMessages();
  const scrolled = useScrolledPast(ARTICLE_BAR_SCROLL_PX);
  const top = useSiteHeaderHeight();
  return (
    <div
      role="group"
      aria-label={messages.articleTools}
      data-scrolled={scrolled}
      // Below the header once it is measured; before that (and in the server's HTML) at the top.
      style={top ? { top } : undefined}
      className={`sticky top-0 z-30 -mx-4 -mt-3 mb-4 flex items-center gap-2 border-b px-4 py-1.5 transition-colors ${
        scrolled
          ? "border-neutral-200 bg-white/95 shadow-sm backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95"
          : "border-transparent"
      }`}
    >
      <BackButton />
      <p
        lang={language}
        aria-hidden={!scrolled}
        className={`min-w-0 flex-1 truncate text-sm font-semibold transition-opacity ${scrolled ? "opacity-100" : "opacity-0"}`}
      >
        {title}
      </p>
      {/* Signed-in readers only. The slot keeps its width, so nothing moves when the session is
          known, and sits beside the flexible title, so a guest's empty slot never shows as a gap. */}
      <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center">
        <BookmarkButton articleId={articleId} />
      </span>
      <FontSizeMenu />
      <ShareButton path={path} title={title} />
    </div>
  );
}

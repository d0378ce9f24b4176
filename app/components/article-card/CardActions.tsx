import { BookmarkButton } from "~/components/bookmarks/BookmarkButton";
import { ShareButton } from "~/components/share/ShareButton";
import { useSession } from "~/components/session/session";

/** docs/product.md#the-frame-of-every-page: a card's bookmark and share, for signed-in readers (an island: the page is everyone's). */
export function CardActions({ articleId, path, title }: { articleId: number; path: string; title: string }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="flex items-center">
      <BookmarkButton articleId={articleId} />
      <ShareButton path={path} title={title} />
    </div>
  );
}

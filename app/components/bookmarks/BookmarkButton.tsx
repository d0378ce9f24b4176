import { useSession } from "~/components/session/session";
import { useMessages } from "~/contexts/i18n";

/**
 * The bookmark toggle (docs/product.md#bookmarks), for signed-in readers only; `guests` shows it to guests as well,
 * where it opens the sign-in modal (docs/product.md#roles-and-permissions: bookmarking prompts sign-in).
 */
export function BookmarkButton({ articleId, guests = false, className = "" }: { articleId: number; guests?: boolean; className?: string }) {
  const messages = useMessages();
  const session = useSession();
  if (session.status !== "ready" || (!session.user && !guests)) return null;
  const saved = session.isBookmarked(articleId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? messages.removeBookmark : messages.addBookmark}
      title={saved ? messages.removeBookmark : messages.addBookmark}
      onClick={() => void session.toggleBookmark(articleId)}
      className={`rounded-full p-2 text-neutral-600 hover:bg-neutral-100 hover:text-brand dark:text-neutral-300 dark:hover:bg-neutral-800 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill={saved ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
        <path d="M6 3h12v18l-6-4-6 4z" />
      </svg>
    </button>
  );
}

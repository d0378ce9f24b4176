import { Link } from "~/components/i18n/links";
import { useMessages } from "~/contexts/i18n";

/** A story the back office cannot find (or may not show), with the way back to the articles. */
export function AdminArticleNotFound() {
  const messages = useMessages();
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

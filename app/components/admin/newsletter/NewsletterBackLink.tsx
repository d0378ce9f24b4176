import { Link } from "~/components/i18n/links";
import { useMessages } from "~/contexts/i18n";
import { NEWSLETTER_PATH } from "~/lib/admin-paths";

/** Above each of the newsletter's own screens (an issue, the subscribers, the suppressions, the topic lists): the way back to its issues. */
export function NewsletterBackLink() {
  const messages = useMessages();
  return (
    <p className="mb-3 text-sm">
      <Link to={NEWSLETTER_PATH} className="font-medium text-brand underline underline-offset-2 hover:no-underline dark:text-red-400">
        {messages.newsletterBack}
      </Link>
    </p>
  );
}

import { Anchor } from "~/components/i18n/anchor";
import { useMessages } from "~/contexts/i18n";
import { useSession } from "~/components/session/session";

/** docs/product.md#the-frame-of-every-page: the footer links to /admin for signed-in users (an island: the page is everyone's). */
export function FooterAdminLink() {
  const messages = useMessages();
  const { user } = useSession();
  if (!user) return null;
  return (
    <p className="mt-1">
      <Anchor to="/admin" className="link-hover">
        {messages.admin}
      </Anchor>
    </p>
  );
}

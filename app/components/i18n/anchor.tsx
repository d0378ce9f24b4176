/**
 * A link to a page of the site, with a locale-free `to` ('/article/x') sent to the page's language.
 * A plain `<a>`: reader pages run no router in the browser, and an island has none at all (the
 * back office keeps the router's Link, links.tsx).
 */
import { useLocalizePath } from "~/contexts/i18n";

type AnchorProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export function Anchor({ to, ...props }: AnchorProps) {
  const localize = useLocalizePath();
  return <a href={localize(to)} {...props} />;
}

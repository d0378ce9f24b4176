import type { MetaDescriptor } from "react-router";
import type { Catalog } from "~/lib/i18n";
import { pageSeo } from "~/lib/seo/page-meta";

interface MetaArgsLike {
  location: { pathname: string; search: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/**
 * A back-office page's title, 'Users · Admin Dashboard' in its language. The deepest route's meta
 * replaces its parents', so every page repeats that the back office is not for search engines.
 */
export function adminMeta(args: MetaArgsLike, title?: (messages: Catalog) => string, { suffix = true } = {}): MetaDescriptor[] {
  const { messages } = pageSeo(args.matches, args.location);
  const own = title?.(messages);
  return [
    { title: own === undefined ? messages.adminDashboardTitle : suffix ? `${own} · ${messages.adminDashboardTitle}` : own },
    { name: "robots", content: "noindex" },
  ];
}

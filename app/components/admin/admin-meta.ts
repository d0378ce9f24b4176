import type { MetaDescriptor } from "react-router";
import { type Catalog, catalogs, isLocale, splitLocalePath } from "~/lib/i18n";

interface MetaArgsLike {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** The catalog of the page a meta function describes: its URL's language, the root knowing the default. */
function metaCatalog({ location, matches }: MetaArgsLike): Catalog {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  const configured = root && typeof root === "object" && "defaultLocale" in root ? root.defaultLocale : undefined;
  return catalogs[splitLocalePath(location.pathname, isLocale(configured) ? configured : "en").locale];
}

/**
 * A back-office page's title, 'Users · Admin Dashboard' in its language. The deepest route's meta
 * replaces its parents', so every page repeats that the back office is not for search engines.
 */
export function adminMeta(args: MetaArgsLike, title?: (messages: Catalog) => string, { suffix = true } = {}): MetaDescriptor[] {
  const messages = metaCatalog(args);
  const own = title?.(messages);
  return [
    { title: own === undefined ? messages.adminDashboardTitle : suffix ? `${own} · ${messages.adminDashboardTitle}` : own },
    { name: "robots", content: "noindex" },
  ];
}

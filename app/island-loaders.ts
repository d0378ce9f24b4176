/**
 * Where the browser finds each island's code: the parts of a reader page that respond to the
 * reader. The rest of the page is HTML that no script runs for (docs/decisions.md, "Reader pages are
 * HTML with islands"). Each island's code is fetched only by pages that hold it. The server places
 * them with `island()` (islands/Island.tsx); a test checks that both sides name the same components.
 * It stands above the components it loads, apart from islands/, which the components import.
 */
import type { ComponentType } from "react";
import type { IslandName } from "./islands/names";

/** Props are checked where an island is placed (Island.tsx); here they come back from the page as JSON. */
type AnyIsland = ComponentType<never>;

export const islandLoaders = {
  clock: () => import("~/components/layout/Clock").then((m) => m.Clock),
  "theme-toggle": () => import("~/components/layout/ThemeToggle").then((m) => m.ThemeToggle),
  "header-scroll": () => import("~/components/layout/header-islands").then((m) => m.HeaderScroll),
  "header-search": () => import("~/components/layout/header-islands").then((m) => m.HeaderSearch),
  "search-button": () => import("~/components/layout/header-islands").then((m) => m.SearchButton),
  "user-menu": () => import("~/components/layout/header-islands").then((m) => m.UserMenu),
  "page-dialogs": () => import("~/components/layout/PageDialogs").then((m) => m.PageDialogs),
  "footer-admin-link": () => import("~/components/layout/FooterAdminLink").then((m) => m.FooterAdminLink),
  newsletter: () => import("~/components/newsletter/Newsletter").then((m) => m.Newsletter),
  "breaking-news": () => import("~/components/breaking-news/BreakingNews").then((m) => m.BreakingNews),
  "card-actions": () => import("~/components/article-card/CardActions").then((m) => m.CardActions),
  "article-bar": () => import("~/components/article/ArticleBar").then((m) => m.ArticleBar),
  "read-beacon": () => import("~/components/most-read/ReadBeacon").then((m) => m.ReadBeacon),
  comments: () => import("~/components/article/CommentsSection").then((m) => m.CommentsSection),
  "login-form": () => import("~/components/auth/LoginForm").then((m) => m.LoginForm),
  "tip-line": () => import("~/components/tips/TipLine").then((m) => m.TipLine),
  "document-reader": () => import("~/components/documents/DocumentReader").then((m) => m.DocumentReader),
  "live-follow": () => import("~/components/live/follow/LiveFollow").then((m) => m.LiveFollow),
} satisfies Record<IslandName, () => Promise<AnyIsland>>;

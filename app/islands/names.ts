/**
 * Every island of the reader site by name: what the server places (`island()`, Island.tsx) and the
 * browser hydrates (app/island-loaders.ts, which must give each name its loader). The names stand
 * apart from the loaders: the loaders import the components, and the components import Island.tsx.
 */
export type IslandName =
  | "clock"
  | "theme-toggle"
  | "header-scroll"
  | "header-search"
  | "search-button"
  | "user-menu"
  | "page-dialogs"
  | "footer-admin-link"
  | "newsletter"
  | "breaking-news"
  | "card-actions"
  | "article-bar"
  | "read-beacon"
  | "comments"
  | "login-form"
  | "tip-line"
  | "document-reader"
  | "live-follow";

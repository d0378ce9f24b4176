import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import type { Language } from "./lib/limits";

/**
 * The site's languages (LANGUAGES): their folders in lib/languages, read without loading their
 * configs, which the route table, read before the app is built, does not need.
 */
const LANGUAGES: Language[] = Object.keys(import.meta.glob("./lib/languages/*/config.ts")).map((file) => file.split("/").at(-2)!);

/** A mount of the pages: unprefixed, in DEFAULT_LOCALE, or under a language's prefix. */
type Mount = "default" | Language;

/**
 * The pages of the reader site and the back office, in one language. They are mounted once per
 * language under its prefix (/ne, /en, …) and once unprefixed for DEFAULT_LOCALE, each mount with
 * its own route ids.
 */
function localized(locale: Mount): RouteConfigEntry[] {
  const id = (name: string) => ({ id: `${locale}/${name}` });
  const pages = [
    // Reader site
    layout("routes/reader-layout.tsx", id("reader-layout"), [
      index("routes/home.tsx", id("home")),
      route("article/:slug", "routes/article.tsx", id("article")),
      // The slug is optional so that /category/ reaches the page and says "No category specified".
      route("category/:categorySlug?", "routes/category.tsx", id("category")),
      route("news", "routes/news.tsx", id("news")),
      route("writer/:writerId", "routes/writer.tsx", id("writer")),
      route("tag/:slug", "routes/tag.tsx", id("tag")),
      route("documents/:slug", "routes/document.tsx", id("document")),
      route("search", "routes/search.tsx", id("search")),
      route("about", "routes/about.tsx", id("about")),
      route("contact", "routes/contact.tsx", id("contact")),
      route("support", "routes/support.tsx", id("support")),
      route("corrections", "routes/corrections.tsx", id("corrections")),
      route("tips", "routes/tips.tsx", id("tips")),
      route("login", "routes/login.tsx", id("login")),
      route("password-reset", "routes/password-reset.tsx", id("password-reset")),
      // Newsletter (issue 40): the sign-up without scripts, and the pages its messages link to
      route("newsletter", "routes/newsletter.tsx", id("newsletter")),
      route("newsletter/confirm", "routes/newsletter-confirm.tsx", id("newsletter-confirm")),
      route("newsletter/manage", "routes/newsletter-manage.tsx", id("newsletter-manage")),
      route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx", id("newsletter-unsubscribe")),
      route("*", "routes/not-found.tsx", id("not-found")),
    ]),

    // Back office (docs/product.md#the-back-office, admin routes); every page passes the admin guard on the server
    ...prefix("admin", [
      layout("routes/admin/layout.tsx", id("admin-layout"), [
        index("routes/admin/to-dashboard.tsx", id("admin-index")),
        route("dashboard", "routes/admin/dashboard.tsx", id("admin-dashboard")),
        route("articles", "routes/admin/articles.tsx", id("admin-articles")),
        route("articles/new", "routes/admin/article-new.tsx", id("admin-article-new")),
        route("articles/edit/:slug", "routes/admin/article-edit.tsx", id("admin-article-edit")),
        route("articles/live/:slug", "routes/admin/article-live.tsx", id("admin-article-live")),
        route("review", "routes/admin/review.tsx", id("admin-review")),
        route("audit", "routes/admin/audit.tsx", id("admin-audit")),
        route("account", "routes/admin/account.tsx", id("admin-account")),
        route("categories", "routes/admin/categories.tsx", id("admin-categories")),
        route("tags", "routes/admin/tags.tsx", id("admin-tags")),
        route("users", "routes/admin/users.tsx", id("admin-users")),
        route("comments", "routes/admin/comments.tsx", id("admin-comments")),
        route("writers", "routes/admin/writers.tsx", id("admin-writers")),
        route("tips", "routes/admin/tips.tsx", id("admin-tips")),
        route("tips/key", "routes/admin/tip-key.tsx", id("admin-tip-key")),
        route("documents", "routes/admin/documents.tsx", id("admin-documents")),
        route("documents/new", "routes/admin/document-new.tsx", id("admin-document-new")),
        route("documents/:id", "routes/admin/document.tsx", id("admin-document")),
        route("newsletter/topics", "routes/admin/newsletter-topics.tsx", id("admin-newsletter-topics")),
        route("newsletter", "routes/admin/newsletter.tsx", id("admin-newsletter")),
        route("newsletter/suppressions", "routes/admin/newsletter-suppressions.tsx", id("admin-newsletter-suppressions")),
        route("newsletter/subscribers", "routes/admin/newsletter-subscribers.tsx", id("admin-newsletter-subscribers")),
        route("newsletter/:id", "routes/admin/newsletter-issue.tsx", id("admin-newsletter-issue")),
        route("*", "routes/admin/to-dashboard.tsx", id("admin-unknown")),
      ]),
    ]),
  ];
  return locale === "default" ? pages : prefix(locale, pages);
}

/** An edition's feeds (the whole site's, and each category's, writer's and tag's) and its sitemaps. */
function editionFeedsAndSitemaps(locale: Mount): RouteConfigEntry[] {
  const at = locale === "default" ? "" : `${locale}/`;
  return [
    route(`${at}feeds/:format`, "routes/seo/feed.ts", { id: `${locale}/seo/feed` }),
    route(`${at}feeds/:scope/:key/:format`, "routes/seo/feed.ts", { id: `${locale}/seo/scoped-feed` }),
    route(`${at}feeds/live/:slug/atom.xml`, "routes/seo/live-feed.ts", { id: `${locale}/seo/live-feed` }),
    route(`${at}sitemap.xml`, "routes/seo/sitemap-index.ts", { id: `${locale}/seo/sitemap-index` }),
    route(`${at}sitemap/:name`, "routes/seo/sitemap.ts", { id: `${locale}/seo/sitemap` }),
  ];
}

export default [
  // REST API first: /api/* is never a page in any language.
  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("ready", "routes/api/ready.ts"),
    route("admin/login", "routes/api/admin.login.ts"),
    route("admin/login/second-factor", "routes/api/admin.login.second-factor.ts"),
    route("admin/login/second-factor/options", "routes/api/admin.login.second-factor.options.ts"),
    route("users/register", "routes/api/users.register.ts"),
    route("users/logout", "routes/api/users.logout.ts"),
    route("session", "routes/api/session.ts"),
    route("users/me", "routes/api/users.me.ts"),
    route("users/me/bookmarks", "routes/api/users.me.bookmarks.ts"),
    route("users/me/bookmarks/:articleId", "routes/api/users.me.bookmarks.$articleId.ts"),
    route("users/me/second-factor", "routes/api/users.me.second-factor.ts"),
    route("users/me/totp", "routes/api/users.me.totp.ts"),
    route("users/me/totp/confirm", "routes/api/users.me.totp.confirm.ts"),
    route("users/me/recovery-codes", "routes/api/users.me.recovery-codes.ts"),
    route("users/me/passkeys", "routes/api/users.me.passkeys.ts"),
    route("users/me/passkeys/options", "routes/api/users.me.passkeys.options.ts"),
    route("users/me/passkeys/:id", "routes/api/users.me.passkeys.$id.ts"),
    route("users/me/reauthenticate", "routes/api/users.me.reauthenticate.ts"),
    route("users/me/reauthenticate/options", "routes/api/users.me.reauthenticate.options.ts"),
    route("users/me/sessions", "routes/api/users.me.sessions.ts"),
    route("users/me/sessions/:id", "routes/api/users.me.sessions.$id.ts"),
    route("users/me/password", "routes/api/users.me.password.ts"),
    route("users/password-reset", "routes/api/users.password-reset.ts"),
    route("users/password-reset/complete", "routes/api/users.password-reset.complete.ts"),
    route("users", "routes/api/users.ts"),
    route("users/:id", "routes/api/users.$id.ts"),
    route("news", "routes/api/news.ts"),
    route("news/:slug", "routes/api/news.$slug.ts"),
    route("news/:slug/translation", "routes/api/news.$slug.translation.ts"),
    route("news/:slug/review", "routes/api/news.$slug.review.ts"),
    route("news/:slug/review/return", "routes/api/news.$slug.review.return.ts"),
    route("review", "routes/api/review.ts"),
    route("audit", "routes/api/audit.ts"),
    route("news/:slug/notes", "routes/api/news.$slug.notes.ts"),
    route("news/:slug/revisions", "routes/api/news.$slug.revisions.ts"),
    route("news/:slug/revisions/compare", "routes/api/news.$slug.revisions.compare.ts"),
    route("news/:slug/revisions/:id", "routes/api/news.$slug.revisions.$id.ts"),
    route("news/:slug/revisions/:id/restore", "routes/api/news.$slug.revisions.$id.restore.ts"),
    route("news/:slug/live", "routes/api/news.$slug.live.ts"),
    route("news/:slug/updates", "routes/api/news.$slug.updates.ts"),
    route("news/:slug/updates/:id", "routes/api/news.$slug.updates.$id.ts"),
    route("news/:slug/updates/stream", "routes/api/news.$slug.updates.stream.ts"),
    route("notes/:id", "routes/api/notes.$id.ts"),
    route("corrections", "routes/api/corrections.ts"),
    route("news/:id/comments", "routes/api/news.$id.comments.ts"),
    route("comments", "routes/api/comments.ts"),
    route("comments/:id", "routes/api/comments.$id.ts"),
    route("comments/:id/approve", "routes/api/comments.$id.approve.ts"),
    route("categories", "routes/api/categories.ts"),
    route("categories/:id", "routes/api/categories.$id.ts"),
    route("tags", "routes/api/tags.ts"),
    route("tags/:id", "routes/api/tags.$id.ts"),
    route("writers", "routes/api/writers.ts"),
    route("writers/:id", "routes/api/writers.$id.ts"),
    route("upload", "routes/api/upload.ts"),
    route("documents", "routes/api/documents.ts"),
    route("documents/:id", "routes/api/documents.$id.ts"),
    route("documents/:id/prepare", "routes/api/documents.$id.prepare.ts"),
    route("documents/:id/publish", "routes/api/documents.$id.publish.ts"),
    route("documents/:id/withdraw", "routes/api/documents.$id.withdraw.ts"),
    route("documents/:id/articles", "routes/api/documents.$id.articles.ts"),
    route("documents/:id/pages/:page", "routes/api/documents.$id.pages.$page.ts"),
    route("newsletter", "routes/api/newsletter.ts"),
    route("newsletter/confirm", "routes/api/newsletter.confirm.ts"),
    route("newsletter/unsubscribe", "routes/api/newsletter.unsubscribe.ts"),
    route("newsletter/topics", "routes/api/newsletter.topics.ts"),
    route("newsletter/topics/:id", "routes/api/newsletter.topics.$id.ts"),
    // Newsletter issues and their sending (issue 40)
    route("newsletter/issues", "routes/api/newsletter.issues.ts"),
    route("newsletter/issues/:id", "routes/api/newsletter.issues.$id.ts"),
    route("newsletter/issues/:id/preview", "routes/api/newsletter.issues.$id.preview.ts"),
    route("newsletter/issues/:id/test", "routes/api/newsletter.issues.$id.test-mail.ts"),
    route("newsletter/issues/:id/send", "routes/api/newsletter.issues.$id.send.ts"),
    route("newsletter/subscribers", "routes/api/newsletter.subscribers.ts"),
    route("newsletter/suppressions", "routes/api/newsletter.suppressions.ts"),
    route("newsletter/suppressions/:id", "routes/api/newsletter.suppressions.$id.ts"),
    route("newsletter/bounces/ses", "routes/api/newsletter.bounces.ses.ts"),
    route("newsletter/bounces/dsn", "routes/api/newsletter.bounces.dsn.ts"),
    route("reads", "routes/api/reads.ts"),
    route("tips/setup", "routes/api/tips.setup.ts"),
    route("tips/keys", "routes/api/tips.keys.ts"),
    route("tips/key-notice", "routes/api/tips.key-notice.ts"),
    route("tips/puzzle", "routes/api/tips.puzzle.ts"),
    route("tips", "routes/api/tips.ts"),
    route("tips/attachments", "routes/api/tips.attachments.ts"),
    route("tips/attachments/:id/parts/:part", "routes/api/tips.attachments.$id.parts.$part.ts"),
    route("tips/conversation", "routes/api/tips.conversation.ts"),
    route("tips/conversation/messages", "routes/api/tips.conversation.messages.ts"),
    route("tips/inbox", "routes/api/tips.inbox.ts"),
    route("tips/inbox/:id", "routes/api/tips.inbox.$id.ts"),
    route("tips/inbox/:id/replies", "routes/api/tips.inbox.$id.replies.ts"),
    route("tips/inbox/:id/keep", "routes/api/tips.inbox.$id.keep.ts"),
    route("tips/inbox/:id/attachments/:attachment", "routes/api/tips.inbox.$id.attachments.$attachment.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
  // Feeds and sitemaps: one set per edition (README "Feeds, sitemaps and search engines").
  ...editionFeedsAndSitemaps("default"),
  ...LANGUAGES.flatMap(editionFeedsAndSitemaps),
  route("robots.txt", "routes/seo/robots.ts"),
  ...LANGUAGES.flatMap(localized),
  ...localized("default"),
] satisfies RouteConfig;

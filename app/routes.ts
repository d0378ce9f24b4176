import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** One line per screen of SPEC section 2 and per call of SPEC section 7. */
export default [
  // Reader site
  layout("routes/reader-layout.tsx", [
    index("routes/home.tsx"),
    route("article/:slug", "routes/article.tsx"),
    // The slug is optional so that /category/ reaches the page and says "No category specified".
    route("category/:categorySlug?", "routes/category.tsx"),
    route("news", "routes/news.tsx"),
    route("writer/:writerId", "routes/writer.tsx"),
    route("tag/:slug", "routes/tag.tsx"),
    route("search", "routes/search.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("support", "routes/support.tsx"),
    route("login", "routes/login.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // Back office (SPEC 2, admin routes); every page passes the admin guard on the server
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/to-dashboard.tsx", { id: "admin-index" }),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("articles", "routes/admin/articles.tsx"),
      route("articles/new", "routes/admin/article-new.tsx"),
      route("articles/edit/:slug", "routes/admin/article-edit.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("tags", "routes/admin/tags.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("comments", "routes/admin/comments.tsx"),
      route("writers", "routes/admin/writers.tsx"),
      route("*", "routes/admin/to-dashboard.tsx", { id: "admin-unknown" }),
    ]),
  ]),

  // REST API
  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("admin/login", "routes/api/admin.login.ts"),
    route("users/register", "routes/api/users.register.ts"),
    route("users/logout", "routes/api/users.logout.ts"),
    route("session", "routes/api/session.ts"),
    route("users/me", "routes/api/users.me.ts"),
    route("users/me/bookmarks", "routes/api/users.me.bookmarks.ts"),
    route("users/me/bookmarks/:articleId", "routes/api/users.me.bookmarks.$articleId.ts"),
    route("users", "routes/api/users.ts"),
    route("users/:id", "routes/api/users.$id.ts"),
    route("news", "routes/api/news.ts"),
    route("news/:slug", "routes/api/news.$slug.ts"),
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
    route("newsletter", "routes/api/newsletter.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;

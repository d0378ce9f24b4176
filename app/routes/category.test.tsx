// @vitest-environment happy-dom
/**
 * docs/product.md#category: a category page that fails to load says so under 'Oops, something went wrong!', with the
 * category links and a way home. The server renders this boundary when the page's loader fails
 * (a 500); a page followed in place (islands/navigation.ts) shows that very page.
 */
import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./category";

describe("the category page's failure", () => {
  it("says 'Failed to load category or articles', and offers the categories and the way home", async () => {
    const Page = createRoutesStub([
      {
        id: "default/reader-layout",
        path: "/",
        loader: () => ({ categories: [{ id: 1, slug: "politics", name: "Politics" }] }),
        children: [
          {
            path: "category/:categorySlug",
            loader: () => {
              throw new Error("the database is down");
            },
            ErrorBoundary: ErrorBoundary as never,
          },
        ],
      },
    ]);
    render(<Page initialEntries={["/category/politics"]} />);
    expect(await screen.findByText("Failed to load category or articles. Please try again later.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Oops, something went wrong!" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Politics" }).getAttribute("href")).toBe("/category/politics");
  });
});

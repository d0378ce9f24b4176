import type { Page } from "@playwright/test";

/**
 * The page as a person meets it: alive (`goto` waits for that, support/test.ts), with nothing left
 * loading, the article editor's chunk included.
 */
export async function settled(page: Page, path: string) {
  await page.goto(path);
  if (path.startsWith("/admin/articles/")) await page.locator("[contenteditable=true]").waitFor();
}

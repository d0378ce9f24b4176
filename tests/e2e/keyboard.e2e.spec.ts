/**
 * A reader or an editor without a mouse: every control the Tab key reaches is on screen and looks
 * different while it has focus; the skip link appears and leads into the content; a dialog keeps
 * focus inside it and gives it back to what opened it.
 */
import { type Browser, type Locator, type Page, expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";
import { settled } from "./support/settled";
import { openTipLine } from "./support/tip-keys";
import { publishedArticles } from "./support/article-fixtures";

/**
 * Tabs through the whole page once and returns each stop that is off screen or shows no focus ring.
 * The ring is an outline or a shadow that the element, or one of its two nearest ancestors (a field
 * framed by a wrapper that lights up with :focus-within), has only while focused; a border that
 * changes colour alone is too faint to find on a phone in the sun. A visually hidden field is seen
 * through its label (a file picker styled as a button).
 */
async function unseenFocus(page: Page, path: string): Promise<string[]> {
  await settled(page, path);
  await page.evaluate(() => {
    const look = (el: Element | null) => {
      const parts: string[] = [];
      for (let node = el, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
        const s = getComputedStyle(node);
        const outline = s.outlineStyle === "none" || s.outlineWidth === "0px" ? "none" : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
        parts.push(`${outline}|${s.boxShadow}`);
      }
      return parts.join("/");
    };
    (window as unknown as { focusLook: typeof look }).focusLook = look;
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input, label, select, textarea, summary, [tabindex], [contenteditable=true]")) {
      el.dataset.unfocusedLook = look(el);
    }
  });
  const problems: string[] = [];
  for (let stop = 0; stop < 300; stop++) {
    await page.keyboard.press("Tab");
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { done: false, problem: null };
      if (el.dataset.tabbed) return { done: true, problem: null };
      el.dataset.tabbed = "yes";
      const hidden = (node: HTMLElement) => node.getBoundingClientRect().width <= 1 || node.getBoundingClientRect().height <= 1;
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
      const shown = (hidden(el) ? labels : [el]).filter((node) => !hidden(node));
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || el.getAttribute("placeholder") || el.id).trim().slice(0, 40)}"`;
      const onScreen = (node: HTMLElement) => {
        const box = node.getBoundingClientRect();
        return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
      };
      if (!shown.some(onScreen)) return { done: false, problem: `${name} is focused off screen` };
      const looksFocused = (node: HTMLElement) =>
        node.dataset.unfocusedLook === undefined || node.dataset.unfocusedLook !== (window as unknown as { focusLook: (el: Element) => string }).focusLook(node);
      if (!shown.some(looksFocused)) return { done: false, problem: `${name} looks the same focused` };
      return { done: false, problem: null };
    });
    if (seen.done) break;
    if (seen.problem) problems.push(`${path}: ${seen.problem}`);
  }
  return problems;
}

async function sweep(browser: Browser, baseURL: string | undefined, paths: string[], signIn = false) {
  const found: string[] = [];
  for (const view of [
    { scheme: "light", width: 390 },
    { scheme: "dark", width: 1280 },
  ] as const) {
    const context = await browser.newContext({ baseURL, colorScheme: view.scheme, viewport: { width: view.width, height: 900 } });
    const page = await context.newPage();
    if (signIn) await signInAsAdmin(page);
    for (const path of paths) found.push(...(await unseenFocus(page, path)).map((f) => `${view.scheme} ${view.width}px ${f}`));
    await context.close();
  }
  return found;
}

test.describe("keyboard", () => {
  test.describe.configure({ timeout: 240_000 });

  test("every control on the reader pages is on screen and visibly focused", async ({ browser, baseURL, request }) => {
    const [article] = await publishedArticles(request, 1);
    const paths = ["/", `/article/${encodeURIComponent(article!.slug)}`, "/category/politics", "/search?q=budget", "/ne"];
    expect(await sweep(browser, baseURL, paths)).toEqual([]);
  });

  test("every control in the back office is on screen and visibly focused", async ({ browser, baseURL, request }) => {
    // The tip line open, so that its inbox shows the key-file step.
    await openTipLine(request);
    expect(await sweep(browser, baseURL, ["/admin", "/admin/articles", "/admin/articles/new", "/admin/comments", "/admin/tips", "/admin/tips/key"], true)).toEqual([]);
  });

  test("the skip link shows itself when focused and leads into the content", async ({ page }) => {
    await settled(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport({ ratio: 1 });
    expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
    await skip.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement))).toBe(true);
  });

  test("a link followed in place leaves the reader in the new page's content, its title read out", async ({ page }) => {
    await settled(page, "/");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("contentinfo").getByRole("link", { name: "All News" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "All News" })).toBeVisible();
    // Shown in place, not loaded whole (which would do both of its own accord).
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect(page.locator("main")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: await page.title() })).toHaveCount(1);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement))).toBe(true);
  });

  /** Tabs `times` times and lists every stop outside the dialog (the body is the browser's own controls). */
  async function stopsOutside(page: Page, dialog: Locator, times: number) {
    const outside: string[] = [];
    for (let i = 0; i < times; i++) {
      await page.keyboard.press("Tab");
      const where = await dialog.evaluate((d) => {
        const active = document.activeElement;
        return active === document.body || d.contains(active) ? null : `${active?.tagName} "${active?.textContent?.trim().slice(0, 30)}"`;
      });
      if (where) outside.push(where);
    }
    return outside;
  }

  test("the sign-in dialog keeps focus inside and gives it back to its button", async ({ page }) => {
    await settled(page, "/");
    const opener = page.getByRole("banner").getByRole("button", { name: "Sign In" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("textbox").first()).toBeFocused();
    expect(await stopsOutside(page, dialog, 15)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("the search overlay keeps focus inside while results show", async ({ page }) => {
    await settled(page, "/");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search Articles" });
    await box.fill("budget");
    await box.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("article").first()).toBeVisible();
    expect(await stopsOutside(page, dialog, 25)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(box).toBeFocused();
  });
});

import { type Page, expect, test } from "./support/test";
import { adminGet, notification, signInAsAdmin } from "./support/admin";
import { E2E_ADMIN, signUpInBrowser } from "./support/article-fixtures";

/**
 * The back office in Nepali (issue 5): the same screens under /ne/admin, every label, message,
 * date and number in Nepali, the server's errors too; and the guard keeps the language.
 */

const sidebar = (page: Page) => page.getByRole("navigation", { name: "एडमिन खण्डहरू" });
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const DEVANAGARI_NUMBER = /^[०-९]+$/;
/** A Bikram Sambat card date, e.g. 'मंसिर ६, २०८३'. */
const BS_DATE = /^(वैशाख|जेठ|असार|साउन|भदौ|असोज|कात्तिक|मंसिर|पुस|माघ|फागुन|चैत) [०-९]{1,2}, [०-९]{4}$/;

test.describe("the back office in Nepali", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the sidebar's language switch opens the same screen in Nepali: sidebar, dashboard, articles list and form", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const toNepali = page.getByRole("link", { name: "नेपाली", exact: true });
    await expect(toNepali).toHaveAttribute("hreflang", "ne-NP");
    await expect(toNepali).toHaveAttribute("lang", "ne-NP");
    await toNepali.click();

    await expect(page).toHaveURL(/\/ne\/admin\/dashboard$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne-NP");
    await expect(page).toHaveTitle("एडमिन ड्यासबोर्ड");
    for (const section of ["ड्यासबोर्ड", "समाचार", "श्रेणी", "ट्याग", "प्रयोगकर्ता", "प्रतिक्रिया", "लेखक"]) {
      await expect(sidebar(page).getByRole("link", { name: section, exact: true })).toHaveAttribute("href", /^\/ne\/admin\//);
    }
    await expect(heading(page, "ड्यासबोर्ड")).toBeVisible();
    await expect(page.getByRole("term").first()).toHaveText("कुल समाचार");
    const totals = page.getByRole("definition");
    await expect(totals).toHaveCount(7);
    for (const total of await totals.all()) await expect(total).toHaveText(DEVANAGARI_NUMBER);
    // Back the other way, to the same screen.
    await expect(page.getByRole("link", { name: "English", exact: true })).toHaveAttribute("href", "/admin/dashboard");

    await sidebar(page).getByRole("link", { name: "समाचार", exact: true }).click();
    await expect(page).toHaveURL(/\/ne\/admin\/articles$/);
    await expect(heading(page, "समाचार")).toBeVisible();
    await expect(page.getByText(/मध्ये [०-९]+–[०-९]+ देखाइएको/)).toBeVisible();
    const table = page.getByRole("table", { name: "समाचार" });
    await expect(table.getByRole("columnheader", { name: "प्रकाशित मिति" })).toBeVisible();
    const dates = table.locator("time");
    await expect(dates.first()).toHaveText(BS_DATE);
    await expect(table.getByRole("link", { name: /सम्पादन/ }).first()).toHaveAttribute("href", /^\/ne\/admin\/articles\/edit\//);

    await page.getByRole("link", { name: "नयाँ समाचार", exact: true }).click();
    await expect(page).toHaveURL(/\/ne\/admin\/articles\/new$/);
    await expect(heading(page, "नयाँ समाचार")).toBeVisible();
    await expect(page.getByLabel("शीर्षक", { exact: true })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "ढाँचा" })).toBeVisible();
    await expect(page.getByRole("button", { name: "सेभ गर्नुहोस्" })).toBeVisible();
    // The file buttons are ours, in Nepali, not the browser's 'Choose File'; each opens its picker.
    const bannerChooser = page.waitForEvent("filechooser");
    await page.getByText("फाइल छान्नुहोस्", { exact: true }).click();
    expect((await bannerChooser).isMultiple()).toBe(false);
    const mediaChooser = page.waitForEvent("filechooser");
    await page.getByText("फाइलहरू छान्नुहोस्", { exact: true }).click();
    expect((await mediaChooser).isMultiple()).toBe(true);
  });

  test("an empty article is refused with the Nepali validation message", async ({ page }) => {
    await page.goto("/ne/admin/articles/new");
    await expect(page.getByRole("toolbar", { name: "ढाँचा" })).toBeVisible();
    await page.getByRole("button", { name: "सेभ गर्नुहोस्" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "शीर्षक, सामग्री र लेखक अनिवार्य छन्" })).toBeVisible();
    await expect(page.getByLabel("शीर्षक", { exact: true })).toBeFocused();
  });

  test("Paste from Preeti converts legacy Preeti text to Unicode Devanagari and inserts it at the cursor", async ({ page }) => {
    await page.goto("/ne/admin/articles/new");
    const editor = page.getByRole("textbox", { name: "सामग्री" });
    await editor.click();
    await page.keyboard.type("Intro: ");

    const open = page.getByRole("toolbar", { name: "ढाँचा" }).getByRole("button", { name: "प्रीतिबाट टाँस्नुहोस्" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "प्रीतिबाट टाँस्नुहोस्" });
    const source = dialog.getByLabel("प्रीतिमा टाइप गरिएको पाठ");
    await expect(source).toBeFocused();
    await source.fill("g]kfnsf] /fhwfgL sf7df8f}+ xf] .");
    await expect(dialog.getByRole("status", { name: "युनिकोड पूर्वावलोकन" })).toHaveText("नेपालको राजधानी काठमाडौं हो ।");
    await dialog.getByRole("button", { name: "राख्नुहोस्" }).click();

    await expect(dialog).toBeHidden();
    await expect(editor).toHaveText("Intro: नेपालको राजधानी काठमाडौं हो ।");
    // Writing goes on where the text went in.
    await expect(editor).toBeFocused();
    await page.keyboard.type(" End.");
    await expect(editor).toHaveText("Intro: नेपालको राजधानी काठमाडौं हो । End.");
  });

  test("Paste from Preeti is cancelled with Escape, leaving the text as it was", async ({ page }) => {
    await page.goto("/admin/articles/new");
    const open = page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Paste from Preeti" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Paste from Preeti" });
    await dialog.getByLabel("Text typed in Preeti").fill("g]kfn");
    await expect(dialog.getByRole("status", { name: "Unicode preview" })).toHaveText("नेपाल");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveText("");
  });

  test("the server's refusal is worded in Nepali: a duplicate category slug", async ({ allowConsoleErrors, page, request }) => {
    // The duplicate slug is refused (409): the browser logs it.
    allowConsoleErrors(/status of 409/);
    const [existing] = await adminGet<{ slug: string }[]>(request, "/api/categories");
    await page.goto("/ne/admin/categories");
    const form = page.getByRole("form", { name: "श्रेणी थप्नुहोस्" });
    await form.getByLabel("नेपालीमा नाम", { exact: true }).fill("दोहोरो श्रेणी");
    await form.getByLabel("स्लग", { exact: true }).fill(existing!.slug);
    await form.getByRole("button", { name: "श्रेणी थप्नुहोस्" }).click();
    await expect(page.getByRole("status").getByText("यो स्लग भएको श्रेणी पहिल्यै छ", { exact: true })).toBeVisible();
  });

  test("an unknown path under /ne/admin leads to the Nepali dashboard", async ({ page }) => {
    await page.goto("/ne/admin/nope");
    await expect(page).toHaveURL(/\/ne\/admin\/dashboard$/);
    await expect(heading(page, "ड्यासबोर्ड")).toBeVisible();
  });
});

test("a guest at /ne/admin/dashboard is asked to log in in Nepali, then comes back to it", async ({ page }) => {
  await page.goto("/ne/admin/dashboard");
  await expect(page).toHaveURL(/\/ne\/login\?redirect=%2Fne%2Fadmin%2Fdashboard$/);
  await expect(page.getByText("एडमिन प्यानल खोल्न कृपया लगइन गर्नुहोस्।")).toBeVisible();
  const form = page.getByRole("main");
  await form.getByLabel("इमेल ठेगाना", { exact: true }).fill(E2E_ADMIN.username);
  await form.getByLabel("पासवर्ड", { exact: true }).fill(E2E_ADMIN.password);
  await form.getByRole("button", { name: "लगइन", exact: true }).click();
  await expect(page).toHaveURL(/\/ne\/admin\/dashboard$/);
  await expect(heading(page, "ड्यासबोर्ड")).toBeVisible();
});

test("a signed-in reader at /ne/admin is sent to the Nepali home page and told why, in Nepali", async ({ page }) => {
  await signUpInBrowser(page, "Curious Reader");
  await page.goto("/ne/admin/users");
  await expect(page).toHaveURL(/\/ne$/);
  await expect(notification(page, "एडमिन अनुमति चाहिन्छ।")).toBeVisible();
});

test("a signed-in admin on the Nepali site is sent to the Nepali dashboard", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/ne");
  await expect(page).toHaveURL(/\/ne\/admin\/dashboard$/);
  await expect(heading(page, "ड्यासबोर्ड")).toBeVisible();
});

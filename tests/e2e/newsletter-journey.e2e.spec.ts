import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { ne } from "../../app/lib/messages.ne";
import { signInAsAdmin } from "./support/admin";
import { adminToken, publishedArticles } from "./support/article-fixtures";
import { type APIRequestContext, expect, test } from "./support/test";

/**
 * Journey (issue 40): a reader signs up on /ne, confirms from the confirmation message's link,
 * receives the next Nepali issue, and leaves from that issue's own unsubscribe link; the issue after
 * that reaches another reader but not them. The e2e server has no SMTP_URL, so it writes each
 * message to DATA_DIR/mail as an .eml file: the test reads it there, as an operator would, and
 * parses it with mailparser.
 */

const port = Number(process.env.E2E_PORT ?? 3107);
const mailFolder = path.resolve(`data-e2e-${port}`, "mail");

async function messagesTo(address: string): Promise<ParsedMail[]> {
  const files = await readdir(mailFolder).catch(() => []);
  const parsed = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(mailFolder, file)))));
  return parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address));
}

/** The one message to `address` whose subject is `subject`, once it has arrived. */
async function messageTo(address: string, subject: string): Promise<ParsedMail> {
  await expect.poll(async () => (await messagesTo(address)).filter((mail) => mail.subject === subject).length).toBe(1);
  return (await messagesTo(address)).find((mail) => mail.subject === subject)!;
}

const CONFIRM_SUBJECT = "खुलासा को सदस्यता पक्का गर्नुहोस्";

/** The token of the confirmation link mailed to `address`. */
async function confirmationToken(address: string): Promise<string> {
  const mail = await messageTo(address, CONFIRM_SUBJECT);
  return new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail.text ?? "")![0]).searchParams.get("token")!;
}

/** A header as the message carries it (mailparser folds the List-* headers into one structure of its own). */
const headerLine = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line ?? "";
  return line.slice(line.indexOf(":") + 1).trim();
};

/** The https address in a message's List-Unsubscribe header (RFC 2369: `<https…>, <mailto:…>`). */
function listUnsubscribeUrl(mail: ParsedMail): URL {
  const header = headerLine(mail, "List-Unsubscribe");
  const https = /<(https?:\/\/[^>]+)>/.exec(header);
  expect(https, `List-Unsubscribe: ${header}`).not.toBeNull();
  return new URL(https![1]!);
}

/** A Nepali issue of the given published stories, sent now by the admin through the API; resolves once no recipient waits. */
async function sendNepaliIssue(request: APIRequestContext, subject: string, intro: string, articleIds: number[]) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post("/api/newsletter/issues", { headers, data: { edition: "ne", subject, intro, article_ids: articleIds } });
  expect(created.status()).toBe(201);
  const { issue } = (await created.json()) as { issue: { id: number } };
  expect((await request.post(`/api/newsletter/issues/${issue.id}/send`, { headers, data: {} })).status()).toBe(202);
  await expect
    .poll(async () => ((await (await request.get(`/api/newsletter/issues/${issue.id}`, { headers })).json()) as { issue: { status: string } }).issue.status, {
      timeout: 30_000,
    })
    .toBe("sent");
}

test("a reader signs up on /ne, confirms from the message's link, receives the next issue and leaves from it", async ({ page, request }) => {
  const email = `journey-${Date.now()}@example.com`;
  await page.goto("/ne");
  const form = page.getByRole("region", { name: ne.newsletterTitle });
  const lists = form.getByRole("group", { name: ne.newsletterListsLegend });
  await expect(lists.getByRole("checkbox", { name: /नेपाली/ })).toBeChecked();
  await form.getByRole("textbox", { name: ne.emailAddress }).fill(email);
  await form.getByRole("button", { name: ne.subscribe, exact: true }).click();
  await expect(form.getByRole("status")).toContainText(ne.newsletterCheckInbox);

  await expect.poll(async () => (await messagesTo(email)).length).toBe(1);
  const confirmation = await messageTo(email, CONFIRM_SUBJECT);
  const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(confirmation.text ?? "")![0]);
  expect(link.pathname).toBe("/ne/newsletter/confirm");

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterConfirmTitle })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: ne.newsletterConfirmButton }).click();
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterConfirmedTitle })).toBeVisible();
  await page.getByRole("link", { name: ne.newsletterManageLink }).click();
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterManageTitle })).toBeVisible();
  await expect(page.getByRole("group", { name: ne.newsletterListsLegend }).getByRole("checkbox", { name: /नेपाली/ })).toBeChecked();

  // The editor sends the next Nepali issue: it arrives, in Nepali, with its way out.
  const stories = (await publishedArticles(request)).filter((article) => article.language === "ne").slice(0, 2);
  expect(stories.length).toBeGreaterThan(0);
  const subject = `यो हप्ताका खोज ${Date.now()}`;
  await sendNepaliIssue(request, subject, "हामीले छोड्न नसकेका तीन कथा।", stories.map((story) => story.id));
  const issue = await messageTo(email, subject);
  expect(issue.html).toContain('<html lang="ne-NP">');
  expect(issue.html).toContain("हामीले छोड्न नसकेका तीन कथा।");
  expect(issue.html).toContain(stories[0]!.title);
  expect(issue.text).toContain(ne.newsletterMailNoTracking);
  expect(headerLine(issue, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  // List-Unsubscribe's address takes a mail provider's one-click POST; opened by a person, it leads to
  // the footer's page, where the reader presses the button.
  const unsubscribe = listUnsubscribeUrl(issue);
  expect(unsubscribe.pathname).toBe("/api/newsletter/unsubscribe");
  await page.goto(unsubscribe.pathname + unsubscribe.search);
  expect(new URL(page.url()).pathname).toBe("/ne/newsletter/unsubscribe");
  expect(issue.html).toContain(`href="${page.url().replace(/&/g, "&amp;")}"`);
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterUnsubscribeTitle })).toBeVisible();
  await page.getByRole("button", { name: ne.newsletterUnsubscribeButton }).click();
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterLeftTitle })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toContainText(ne.newsletterLeftText.replace("{email}", email));

  // The issue after reaches a reader still on the list, and not the one who left.
  const stayer = `stayer-${Date.now()}@example.com`;
  expect((await request.post("/api/newsletter", { data: { email: stayer, language: "ne" } })).status()).toBe(201);
  expect((await request.post("/api/newsletter/confirm", { data: { token: await confirmationToken(stayer) } })).status()).toBe(200);
  const after = `अर्को अङ्क ${Date.now()}`;
  await sendNepaliIssue(request, after, "अर्को हप्ता।", [stories[0]!.id]);
  await messageTo(stayer, after);
  expect((await messagesTo(email)).map((mail) => mail.subject)).toEqual(expect.not.arrayContaining([after]));
});

test("a subscriber leaves every list from the manage page the confirmed page links to", async ({ page, request }) => {
  const email = `manage-${Date.now()}@example.com`;
  expect((await request.post("/api/newsletter", { data: { email, language: "ne" } })).status()).toBe(201);
  await page.goto(`/ne/newsletter/confirm?${new URLSearchParams({ token: await confirmationToken(email) })}`);
  await page.getByRole("button", { name: ne.newsletterConfirmButton }).click();
  await page.getByRole("link", { name: ne.newsletterManageLink }).click();
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterManageTitle })).toBeVisible();
  await expect(page.getByRole("group", { name: ne.newsletterListsLegend }).getByRole("checkbox", { name: /नेपाली/ })).toBeChecked();
  await page.getByRole("button", { name: ne.newsletterLeaveAll }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(ne.newsletterLeftText.replace("{email}", email));
  await expect(page.getByRole("group", { name: ne.newsletterListsLegend }).getByRole("checkbox", { checked: true })).toHaveCount(0);
});

test("without JavaScript, the home page's sign-up is sent by the browser to the newsletter page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `no-script-${Date.now()}@example.com`;
  await page.goto("/ne");
  const form = page.getByRole("region", { name: ne.newsletterTitle });
  await form.getByRole("textbox", { name: ne.emailAddress }).fill(email);
  await form.getByRole("button", { name: ne.subscribe, exact: true }).click();
  await expect(page).toHaveURL(/\/ne\/newsletter$/);
  await expect(page.getByRole("main").getByRole("status")).toContainText(ne.newsletterCheckInbox);
  await expect.poll(async () => (await messagesTo(email)).length).toBe(1);
  await context.close();
});

test("an editor offers a topic list, which readers then find on the newsletter page", async ({ page, browser }) => {
  const name = `Budget leaks ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/newsletter/topics");
  await page.getByRole("textbox", { name: "Name in English" }).fill(name);
  await page.getByRole("button", { name: "Add the topic" }).click();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("0 subscribers");

  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto("/newsletter");
  await expect(readerPage.getByRole("group", { name: "What would you like to receive?" }).getByRole("checkbox", { name })).not.toBeChecked();
  await reader.close();

  await row.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});

test("an editor finds a new sign-up among the subscribers, with its status and list, and filters by status", async ({ page, request }) => {
  const email = `listed-${Date.now()}@example.com`;
  expect((await request.post("/api/newsletter", { data: { email, language: "ne" } })).status()).toBe(201);
  await signInAsAdmin(page);
  await page.goto("/admin/newsletter");
  await page.getByRole("link", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Not confirmed yet");
  await expect(row).toContainText("The Nepali (नेपाली) edition");

  const filters = page.getByRole("search", { name: "Filter the subscribers" });
  await filters.getByLabel("Status").selectOption({ label: "Confirmed" });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/subscribers\?status=confirmed$/);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await filters.getByLabel("Status").selectOption({ label: "Not confirmed yet" });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Not confirmed yet");

  await page.getByRole("link", { name: "All issues" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
});

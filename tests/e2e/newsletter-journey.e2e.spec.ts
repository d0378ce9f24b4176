import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { ne } from "../../app/lib/messages.ne";
import { signInAsAdmin } from "./support/admin";
import { expect, test } from "./support/test";

/**
 * Journey (issue 40): a reader signs up on /ne, opens the confirmation message's link, confirms
 * with the button, then leaves every list from the manage page. The e2e server has no SMTP_URL, so
 * it writes each message to DATA_DIR/mail as an .eml file: the test reads it there, as an operator
 * would, and parses it with mailparser.
 */

const port = Number(process.env.E2E_PORT ?? 3107);
const mailFolder = path.resolve(`data-e2e-${port}`, "mail");

async function messagesTo(address: string): Promise<ParsedMail[]> {
  const files = await readdir(mailFolder).catch(() => []);
  const parsed = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(mailFolder, file)))));
  return parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address));
}

test("a reader signs up on /ne, confirms from the message's link, then leaves from the manage page", async ({ page }) => {
  const email = `journey-${Date.now()}@example.com`;
  await page.goto("/ne");
  const form = page.getByRole("region", { name: ne.newsletterTitle });
  const lists = form.getByRole("group", { name: ne.newsletterListsLegend });
  await expect(lists.getByRole("checkbox", { name: /नेपाली/ })).toBeChecked();
  await form.getByRole("textbox", { name: ne.emailAddress }).fill(email);
  await form.getByRole("button", { name: ne.subscribe, exact: true }).click();
  await expect(form.getByRole("status")).toContainText(ne.newsletterCheckInbox);

  await expect.poll(async () => (await messagesTo(email)).length).toBe(1);
  const [mail] = await messagesTo(email);
  expect(mail!.subject).toBe("खुलासा को सदस्यता पक्का गर्नुहोस्");
  const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail!.text ?? "")![0]);
  expect(link.pathname).toBe("/ne/newsletter/confirm");

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterConfirmTitle })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: ne.newsletterConfirmButton }).click();
  await expect(page.getByRole("heading", { level: 1, name: ne.newsletterConfirmedTitle })).toBeVisible();

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

/**
 * Issue 40's editor journey: an editor composes an issue of the English edition from everything
 * published since the last issue, previews it formatted (light and dark) and as plain text, mails a
 * test to themself, schedules it in Nepal time, then sends it now and watches its progress to the
 * end. (The e2e server has no SMTP relay: its messages are written to DATA_DIR/mail.)
 */
import { expect, test } from "./support/test";
import { confirmDialog, signInAsAdmin } from "./support/admin";
import { E2E_ADMIN } from "./support/article-fixtures";

test("an editor composes, previews, tests, schedules and sends an issue, watching its progress", async ({ page, allowConsoleErrors }) => {
  // The preview's frame runs no script, on purpose (sandbox): the harness's own script, which it
  // puts in every frame to catch errors, is refused there, and Chromium says so.
  allowConsoleErrors(/Blocked script execution in 'about:srcdoc'/);
  await signInAsAdmin(page);
  await page.goto("/admin/newsletter?edition=en");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Newsletter" }).waitFor();

  const subject = `This week's findings ${Date.now()}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Introduction").fill("Three stories we could not leave alone.\n\nRead them on our site.");
  await page.getByRole("button", { name: "Everything published since the last issue" }).click();
  const picked = page.getByRole("group", { name: "Stories" }).getByRole("checkbox", { checked: true });
  await expect(picked.first()).toBeVisible();
  const firstStory = (await picked.first().locator("xpath=..").innerText()).trim();
  await page.getByRole("button", { name: "Save and preview" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();

  // Formatted, in a light mail client and a dark one: the message's own dark rules take over.
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.getByRole("link", { name: firstStory })).toBeVisible();
  await expect(frame.locator("table.sheet")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await page.getByText("Formatted · Dark", { exact: true }).click();
  await expect(frame.locator("table.sheet")).toHaveCSS("background-color", "rgb(29, 28, 26)");
  await page.getByText("Plain text", { exact: true }).click();
  await expect(page.getByText(/Read them on our site\./)).toBeVisible();
  await expect(page.getByText(/No tracking: this e-mail has no tracking pixel/)).toBeVisible();

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByRole("status").getByText(`Test sent to ${E2E_ADMIN.username}`)).toBeVisible();

  // Scheduled for tomorrow at 07:00, Nepal time.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu" }).format(tomorrow);
  await page.getByLabel("Or send at (Nepal time)").fill(`${day}T07:00`);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText(/Scheduled for .*07:00/)).toBeVisible();

  // Then sent now after all, and watched to the end.
  await page.getByRole("button", { name: "Send now" }).click();
  await confirmDialog(page).getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText(/^Sent · Finished /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Sending progress" })).toBeVisible();
  await expect(page.getByText(/\d+ sent, 0 failed, 0 waiting/)).toBeVisible();

  await page.getByRole("link", { name: "All issues" }).click();
  await expect(page.getByRole("row").filter({ hasText: subject })).toContainText("Sent");
});

/**
 * The back office as an editor meets it: signed in as the e2e admin, and the API answers an admin
 * gets, to compare the screens with. Admin API calls use their own bearer token, so the `request`
 * fixture never shares the browser's cookies.
 */
import { type APIRequestContext, type Browser, type Page, expect } from "@playwright/test";
import { E2E_ADMIN, adminToken } from "./article-fixtures";

/** Signs the page's browser context in (page.request shares its cookies). */
export async function signInAsAdmin(page: Page) {
  expect((await page.request.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
}

/** GET `path` as the admin, expecting 200. */
export async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.status()).toBe(200);
  return response.json();
}

/** `method` on `path` as the admin, expecting a 2xx. */
export async function adminSend(request: APIRequestContext, method: "POST" | "PUT" | "DELETE", path: string, data?: object) {
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response;
}

/** A page in a fresh context that shares nothing with the admin's: what a guest sees. */
export async function asGuest<T>(browser: Browser, baseURL: string | undefined, look: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    return await look(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A table row by its row header, e.g. a user's name. */
export const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

export const confirmDialog = (page: Page) => page.getByRole("dialog", { name: "Please confirm" });

/** A notification (docs/product.md#messages-and-notifications: green or red, gone after 3 s) with exactly this text. */
export const notification = (page: Page, text: string) => page.getByRole("status").getByText(text, { exact: true });

/**
 * Answers the back office's "Confirm it is you" with the admin's password: what a role change, a
 * deletion or the tip line's key ask of a session that has not proved itself lately (issue 35).
 */
export async function confirmItIsMe(page: Page, password = E2E_ADMIN.password) {
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog.getByText("This action needs a fresh confirmation that it is you.")).toBeVisible();
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A reader page's loader: what it loads, with a service's "not found" (or an address with a NUL
 * character, which no slug can hold) turned into the page's 404 (the route's ErrorBoundary then
 * shows its NotFoundPanel, and the status reaches crawlers). Any other failure goes on to React
 * Router, which logs it and answers 500.
 */
import { data, redirect } from "react-router";
import { AppError, namesNothing } from "../errors";
import { ACCOUNT_SECURITY_PATH } from "~/lib/admin-paths";

export async function pageData<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (namesNothing(error)) throw data(null, { status: 404 });
    // A newsroom member's preview, before they have set up the second factor their role needs.
    if (error instanceof AppError && error.key === "secondFactorEnrolmentRequired") throw redirect(ACCOUNT_SECURITY_PATH);
    throw error;
  }
}

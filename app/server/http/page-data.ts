/**
 * A reader page's loader: what it loads, with a service's "not found" (or an address with a NUL
 * character, which no slug can hold) turned into the page's 404 (the route's ErrorBoundary then
 * shows its NotFoundPanel, and the status reaches crawlers). Any other failure goes on to React
 * Router, which logs it and answers 500.
 */
import { data } from "react-router";
import { namesNothing } from "../errors";

export async function pageData<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (namesNothing(error)) throw data(null, { status: 404 });
    throw error;
  }
}

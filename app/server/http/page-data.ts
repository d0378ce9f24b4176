/**
 * A reader page's loader: what it loads, with a service's "not found" turned into the page's 404
 * (the route's ErrorBoundary then shows its NotFoundPanel, and the status reaches crawlers). Any
 * other failure goes on to React Router, which logs it and answers 500.
 */
import { data } from "react-router";
import { AppError } from "../errors";

export async function pageData<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

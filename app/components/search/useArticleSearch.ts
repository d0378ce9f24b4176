import { useEffect, useState } from "react";
import type { ApiArticleList, ArticleSummary } from "~/lib/api-types";
import { listFromApi } from "~/lib/api-articles";
import { apiRequest } from "~/lib/api-client";
import { useLocale } from "~/contexts/i18n";

/** Wait this long after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

export type SearchState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error" }
  | { status: "done"; articles: ArticleSummary[] };

/**
 * Published articles matching `query`, fetched as the reader types: debounced, and every newer
 * query aborts the request of the older one, so a slow answer can never replace a newer one.
 */
export function useArticleSearch(query: string, enabled: boolean, limit: number): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const trimmed = query.trim();
  // The reader's edition: its language first, each story once.
  const edition = useLocale();

  useEffect(() => {
    if (!enabled || trimmed === "") {
      setState({ status: "idle" });
      return;
    }
    setState({ status: "loading" });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const params = new URLSearchParams({ search: trimmed, status: "published", limit: String(limit), edition });
      const result = await apiRequest<ApiArticleList>(`/api/news?${params}`, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: "done", articles: listFromApi(result.data).articles } : { status: "error" });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, enabled, limit, edition]);

  return state;
}

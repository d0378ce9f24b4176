import { useMatches } from "react-router";
import type { NavCategory } from "~/lib/article-cards";

/** What the reader layout's loader gives (routes/reader-layout.tsx), which says so in its type. */
export interface ReaderLayoutData {
  categories: NavCategory[];
}

/**
 * The reader layout's data from a page below it, whichever language's mount of the layout matched
 * (routes.ts gives each mount its own id).
 */
export function useReaderLayoutData(): ReaderLayoutData | undefined {
  return useMatches().find((match) => match.id.endsWith("/reader-layout"))?.data as ReaderLayoutData | undefined;
}

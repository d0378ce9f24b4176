import { useMatches } from "react-router";
import type { loader } from "~/routes/reader-layout";

type ReaderLayoutData = Awaited<ReturnType<typeof loader>>;

/**
 * The reader layout's data from a page below it, whichever language's mount of the layout matched
 * (routes.ts gives each mount its own id). A type-only import keeps the layout's server code out.
 */
export function useReaderLayoutData(): ReaderLayoutData | undefined {
  return useMatches().find((match) => match.id.endsWith("/reader-layout"))?.data as ReaderLayoutData | undefined;
}

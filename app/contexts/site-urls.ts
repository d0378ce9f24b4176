import { createContext, useContext } from "react";
import { LOCAL_MEDIA_BASE } from "~/lib/media-url";

/**
 * The site's configured addresses (the root loader's): where uploads are fetched from
 * (lib/media-url.ts) and the public origin that shared and canonical addresses are built on.
 * Provided by the root layout for the page, and by each island's root for its own tree.
 */
export interface SiteUrls {
  mediaUrl: string;
  publicUrl: string | null;
}

const SiteUrlsContext = createContext<SiteUrls>({ mediaUrl: LOCAL_MEDIA_BASE, publicUrl: null });

export const SiteUrlsProvider = SiteUrlsContext.Provider;

export function useSiteUrls(): SiteUrls {
  return useContext(SiteUrlsContext);
}

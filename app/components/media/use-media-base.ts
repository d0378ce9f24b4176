import { useSiteUrls } from "~/components/site/site-urls";

/** Where this site's uploads are fetched from (lib/media-url.ts). */
export function useMediaBase(): string {
  return useSiteUrls().mediaUrl;
}

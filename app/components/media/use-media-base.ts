import { useSiteUrls } from "~/contexts/site-urls";

/** Where this site's uploads are fetched from (lib/media-url.ts). */
export function useMediaBase(): string {
  return useSiteUrls().mediaUrl;
}

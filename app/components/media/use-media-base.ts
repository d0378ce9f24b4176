import { useRouteLoaderData } from "react-router";
import { LOCAL_MEDIA_BASE } from "~/lib/media-url";

/** Where this site's uploads are fetched from (the root loader's `mediaUrl`; lib/media-url.ts). */
export function useMediaBase(): string {
  const root = useRouteLoaderData("root") as { mediaUrl?: string } | undefined;
  return root?.mediaUrl ?? LOCAL_MEDIA_BASE;
}

import { type ComponentType, createElement, useId } from "react";
import { useI18n } from "~/contexts/i18n";
import { useSiteUrls } from "~/contexts/site-urls";
import type { IslandName } from "./names";
import { IslandRoot, useInIsland } from "./IslandRoot";
import type { IslandPage } from "./page";

// The server's renderer stays out of the browser's code, where an island is only ever nested.
const { renderToString } = import.meta.env.SSR ? await import("react-dom/server") : { renderToString: null };

/** Which component each island name was given to, for the test that compares them with island-loaders.ts. */
export const placedIslands = new Map<IslandName, ComponentType<never>>();

interface Placement {
  /** The wrapper's element: `span` inside phrasing content. It takes no box of its own. */
  as?: "div" | "span";
}

/**
 * Makes a component an island: a part of a reader page that the browser hydrates on its own, by
 * `name` (names.ts), with the props it was rendered with here (serialised beside it). It is
 * rendered as its own React root: ids made by `useId` then agree between server and browser, which
 * they would not if it were rendered inside the page's tree and hydrated outside it. Placed inside
 * another island (a card in the search overlay), it is simply part of that island's tree.
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>): ComponentType<P & Placement> {
  placedIslands.set(name, Component as ComponentType<never>);
  function Island({ as = "div", ...props }: P & Placement) {
    const { locale, defaultLocale } = useI18n();
    const urls = useSiteUrls();
    const id = useId();
    if (useInIsland()) return <Component {...(props as P)} />;
    if (!renderToString) throw new Error(`Island "${name}" rendered outside an island in the browser`);
    const page: IslandPage = { locale, defaultLocale, urls };
    const html = renderToString(
      <IslandRoot page={page}>
        <Component {...(props as P)} />
      </IslandRoot>,
      { identifierPrefix: id },
    );
    return createElement(as, {
      className: "contents",
      "data-island": name,
      "data-island-id": id,
      "data-props": JSON.stringify(props),
      dangerouslySetInnerHTML: { __html: html },
    });
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

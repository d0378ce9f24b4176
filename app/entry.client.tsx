/**
 * The browser's start on pages React Router hydrates whole (the back office; reader pages start at
 * islands.client.tsx): React Router's own, but the page's catalog is loaded first (lib/i18n.ts):
 * each language's texts are a chunk of their own, and the page's language is the one the server
 * wrote on <html>.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { keepImagesWhole } from "./islands/broken-images";
import { LOCALES, loadCatalog } from "./lib/i18n";
import { languageConfig } from "./lib/languages";

const pageLanguage = LOCALES.find((locale) => languageConfig(locale).tag === document.documentElement.lang) ?? "en";
keepImagesWhole();
await loadCatalog(pageLanguage);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

/**
 * Components rendered in a test's simulated browser find both interface catalogs, as the server
 * does; a real browser loads its page's first (entry.client.tsx).
 */
import { LOCALES, loadCatalog } from "~/lib/i18n";

await Promise.all(LOCALES.map((locale) => loadCatalog(locale)));

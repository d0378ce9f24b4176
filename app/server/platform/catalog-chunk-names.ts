/** The names the browser build gives the catalogs' chunks (vite.config.ts), and the server finds them by (catalog-chunks.ts). */
export const CATALOG_CHUNK = "messages";
/** A catalog cut to the reader islands' texts (vite-plugins/reader-texts.ts). */
export const READER_CHUNK = "reader-texts";

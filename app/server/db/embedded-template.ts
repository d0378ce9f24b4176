/**
 * Where the build keeps the empty embedded database a first start unpacks
 * (vite-plugins/embedded-database-template.ts): a folder beside build/server and build/client,
 * which each build empties; this one it keeps. Relative imports: the build's configuration loads
 * this file too.
 */
export const TEMPLATE_FOLDER = "embedded";

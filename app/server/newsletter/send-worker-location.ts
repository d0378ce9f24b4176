/**
 * Where the newsletter's sending thread's built file is, when this code runs from the server's
 * build: the build (vite-plugins/newsletter-worker.ts) writes send-worker.ts as a file of plain
 * JavaScript beside the server's bundle and replaces this module with one holding its address.
 * From the source tree (tests, the dev server) there is none, and send-worker.ts runs through tsx.
 */
export const builtWorker: string | null = null;

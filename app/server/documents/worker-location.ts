/**
 * Where the documents worker's built file is, when this code runs from the server's build: the
 * build (vite-plugins/documents-worker.ts) writes the worker as a file of plain JavaScript beside
 * the server's bundle and replaces this module with one holding that file's address. From the
 * source tree (tests, the dev server, the bench) there is none, and worker.ts runs through tsx.
 */
export const builtWorker: string | null = null;

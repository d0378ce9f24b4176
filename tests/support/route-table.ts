/**
 * The application's routes as app/routes.ts declares them, each with its module's `sharing` and
 * `logging` exports: what the server build's route list holds, for tests that must see every route.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import type { SharingRoute } from "~/server/cache/route-sharing";

export interface DeclaredRoute extends SharingRoute {
  /** The module, relative to app/. */
  file: string;
  /** The whole path from the root, without a leading slash ("" for the home page). */
  fullPath: string;
}

const modules = import.meta.glob<{ sharing?: unknown; logging?: unknown }>(["/app/root.tsx", "/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"]);

async function moduleOf(file: string): Promise<{ sharing?: unknown; logging?: unknown }> {
  const load = modules[`/app/${file}`];
  if (!load) throw new Error(`app/routes.ts names ${file}, which is not a route module under app/`);
  return load();
}

const join = (parent: string, path: string | undefined) => [parent, path ?? ""].filter((part) => part !== "").join("/");

/** React Router's id for a route the config names none for: its file without the extension. */
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^.]+$/, "");

export async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const root = await moduleOf("root.tsx");
  const found: DeclaredRoute[] = [{ id: "root", path: "", file: "root.tsx", fullPath: "", sharing: root.sharing, logging: root.logging }];
  const visit = async (entries: RouteConfigEntry[], parentId: string, parentPath: string) => {
    for (const entry of entries) {
      const id = idOf(entry);
      const fullPath = join(parentPath, entry.path);
      const { sharing, logging } = await moduleOf(entry.file);
      found.push({ id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, file: entry.file, fullPath, sharing, logging });
      await visit(entry.children ?? [], id, fullPath);
    }
  };
  await visit(await routes, "root", "");
  return found;
}

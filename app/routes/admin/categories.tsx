import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { categoryKind } from "~/components/admin/taxonomy/kinds";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocale, useMessages } from "~/components/i18n/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { listCategories } from "~/server/services/categories";
import type { Route } from "./+types/categories";

/** SPEC 2 /admin/categories: add, inline edit and delete; Name, Slug and Description. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request, "manageSections");
  return { categories: await readOrNull((db) => listCategories(db, pageLocale(request))) };
}

/**
 * Opening this screen from another admin page fetches its data over the network: when that fails
 * (a dropped connection), the screen says so inside the admin frame, with a retry.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    // The guard's redirect (signed out meanwhile) is not a failure.
    if (error instanceof Response) throw error;
    return { categories: null };
  }
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminCategories);

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const locale = useLocale();
  return <TaxonomyScreen kind={categoryKind(messages, locale)} items={loaderData.categories} />;
}

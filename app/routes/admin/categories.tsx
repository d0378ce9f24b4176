import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { categoryKind } from "~/components/admin/taxonomy/kinds";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { database } from "~/server/runtime";
import { listCategories } from "~/server/services/categories";
import type { Route } from "./+types/categories";

/** SPEC 2 /admin/categories: add, inline edit and delete; Name, Slug and Description. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  try {
    return { categories: await listCategories(await database()) };
  } catch (error) {
    console.error(error);
    return { categories: null };
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminCategories} · ${messages.adminDashboardTitle}` }];

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return <TaxonomyScreen kind={categoryKind} items={loaderData.categories} />;
}

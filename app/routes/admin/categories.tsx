import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { categoryKind } from "~/components/admin/taxonomy/kinds";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { readOrNull } from "~/server/admin-read";
import { listCategories } from "~/server/services/categories";
import type { Route } from "./+types/categories";

/** SPEC 2 /admin/categories: add, inline edit and delete; Name, Slug and Description. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { categories: await readOrNull(listCategories) };
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminCategories} · ${messages.adminDashboardTitle}` }];

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return <TaxonomyScreen kind={categoryKind} items={loaderData.categories} />;
}

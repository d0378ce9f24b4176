import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { tagKind } from "~/components/admin/taxonomy/kinds";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { readOrNull } from "~/server/admin-read";
import { listTags } from "~/server/services/tags";
import type { Route } from "./+types/tags";

/** SPEC 2 /admin/tags: add, inline edit and delete; Name and Slug. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { tags: await readOrNull(listTags) };
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminTags} · ${messages.adminDashboardTitle}` }];

export default function TagsPage({ loaderData }: Route.ComponentProps) {
  return <TaxonomyScreen kind={tagKind} items={loaderData.tags} />;
}

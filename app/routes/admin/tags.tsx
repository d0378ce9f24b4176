import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { tagKind } from "~/components/admin/taxonomy/kinds";
import { messages } from "~/lib/messages";
import { requireAdminPage } from "~/server/admin-guard";
import { database } from "~/server/runtime";
import { listTags } from "~/server/services/tags";
import type { Route } from "./+types/tags";

/** SPEC 2 /admin/tags: add, inline edit and delete; Name and Slug. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  try {
    return { tags: await listTags(await database()) };
  } catch (error) {
    console.error(error);
    return { tags: null };
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${messages.adminTags} · ${messages.adminDashboardTitle}` }];

export default function TagsPage({ loaderData }: Route.ComponentProps) {
  return <TaxonomyScreen kind={tagKind} items={loaderData.tags} />;
}

import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { tagKind } from "~/components/admin/taxonomy/kinds";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocale, useMessages } from "~/components/i18n/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { listTags } from "~/server/services/tags";
import type { Route } from "./+types/tags";

/** SPEC 2 /admin/tags: add, inline edit and delete; Name and Slug. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request, "manageSections");
  return { tags: await readOrNull((db) => listTags(db, pageLocale(request))) };
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
    return { tags: null };
  }
}

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminTags);

export default function TagsPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const locale = useLocale();
  return <TaxonomyScreen kind={tagKind(messages, locale)} items={loaderData.tags} />;
}

import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { tagKind } from "~/components/admin/taxonomy/kinds";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocale, useMessages } from "~/contexts/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { listTags } from "~/server/services/tags";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/tags";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/tags (docs/product.md#categories-and-tags): add, inline edit and delete; Name and Slug. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request, "manageSections");
  return { tags: await readOrNull((db) => listTags(db, pageLocale(request))) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { tags: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminTags);

export default function TagsPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const locale = useLocale();
  return <TaxonomyScreen kind={tagKind(messages, locale)} items={loaderData.tags} />;
}

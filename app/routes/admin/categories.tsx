import { TaxonomyScreen } from "~/components/admin/taxonomy/TaxonomyScreen";
import { categoryKind } from "~/components/admin/taxonomy/kinds";
import { adminMeta } from "~/components/admin/admin-meta";
import { useLocale, useMessages } from "~/contexts/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { listCategories } from "~/server/services/categories";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/categories";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/categories (docs/product.md#categories-and-tags): add, inline edit and delete; Name, Slug and Description. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request, "manageSections");
  return { categories: await readOrNull((db) => listCategories(db, pageLocale(request))) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { categories: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminCategories);

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const locale = useLocale();
  return <TaxonomyScreen kind={categoryKind(messages, locale)} items={loaderData.categories} />;
}

import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { serverDataOr } from "~/components/admin/server-data-or";
import { KeySetup } from "~/components/admin/tips/KeySetup";
import { useMessages } from "~/contexts/i18n";
import { Link } from "~/components/i18n/links";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { listTipKeys } from "~/server/services/tips";
import type { Route } from "./+types/tip-key";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

/** Issue 17's key set-up and rotation, for admins: the keys so far; the new one is made in the browser. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireBackOfficePage(request, "manageTipKeys");
  return { keys: await readOrNull((db) => listTipKeys(db, admin)) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { keys: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.tipKeyTitle);

export default function TipKeyPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { keys } = loaderData;
  return (
    <>
      <PageIntro title={messages.tipKeyTitle} intro={messages.tipKeyIntro} />
      <p className="mt-3 text-sm">
        <Link to="/admin/tips" className="font-medium text-brand underline underline-offset-2 dark:text-red-400">
          {messages.tipKeyToInbox}
        </Link>
      </p>
      {keys === null ? <LoadFailed message={messages.tipKeyLoadFailed} /> : <KeySetup keys={keys} />}
    </>
  );
}

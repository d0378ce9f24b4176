import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { SecondFactorSettings } from "~/components/admin/account/SecondFactorSettings";
import { serverDataOr } from "~/components/admin/server-data-or";
import { useMessages } from "~/components/i18n/i18n";
import type { Sharing } from "~/lib/sharing";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { secondFactorStatus } from "~/server/services/second-factor-proofs";
import type { Route } from "./+types/account";

export const sharing: Sharing = "private";

/** Account security (issue 35): the one screen an account that must set up a second factor may open. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireBackOfficePage(request, "backOffice", { whileEnrolling: true });
  return { status: await readOrNull((db) => secondFactorStatus(db, me)), email: me.email };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { status: null, email: "" });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.accountSecurityTitle);

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { status, email } = loaderData;
  return (
    <>
      <PageIntro title={messages.accountSecurityTitle} intro={messages.accountSecurityIntro} />
      {status === null ? <LoadFailed message={messages.secondFactorLoadFailed} /> : <SecondFactorSettings status={status} email={email} />}
    </>
  );
}

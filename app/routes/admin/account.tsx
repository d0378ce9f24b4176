import { SecondFactorSettings } from "~/components/admin/account/SecondFactorSettings";
import { ChangePasswordForm } from "~/components/admin/account/ChangePasswordForm";
import { SessionsList } from "~/components/admin/account/SessionsList";
import { adminMeta } from "~/components/admin/admin-meta";
import { serverDataOr } from "~/components/admin/server-data-or";
import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { useMessages } from "~/contexts/i18n";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { secondFactorStatus } from "~/server/services/second-factor-proofs";
import { mustEnrolSecondFactor } from "~/server/services/second-factor-policy";
import { listSessions } from "~/server/services/sessions";
import type { Route } from "./+types/account";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/**
 * The signed-in member's own account (issue 35): second factors, where they are signed in, and
 * their password. The one screen an account that must set up a second factor may open: it then
 * shows only that.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireBackOfficePage(request, "backOffice", { whileEnrolling: true });
  const enrolling = mustEnrolSecondFactor(me);
  const [secondFactor, sessions] = await Promise.all([
    readOrNull((db) => secondFactorStatus(db, me)),
    enrolling ? null : readOrNull((db) => listSessions(db, me)),
  ]);
  return { secondFactor, sessions, enrolling, email: me.email };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  serverDataOr(serverLoader, { secondFactor: null, sessions: null, enrolling: false, email: "" });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminAccount);

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { secondFactor, sessions, enrolling, email } = loaderData;
  return (
    <>
      <PageIntro title={messages.adminAccount} intro={messages.accountIntro} />
      {secondFactor === null ? <LoadFailed message={messages.secondFactorLoadFailed} /> : <SecondFactorSettings status={secondFactor} email={email} />}
      {enrolling ? null : (
        <>
          <SessionsList sessions={sessions} />
          <ChangePasswordForm />
        </>
      )}
    </>
  );
}

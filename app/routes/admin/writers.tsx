import { useState } from "react";
import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { WriterForm } from "~/components/admin/people/WriterForm";
import { WritersTable } from "~/components/admin/people/WritersTable";
import type { Writer } from "~/lib/api-types";
import { adminMeta } from "~/components/admin/admin-meta";
import { useMessages } from "~/contexts/i18n";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { pageLocale } from "~/server/http/page-locale";
import { listWriters } from "~/server/services/writers";
import { serverDataOr } from "~/components/admin/server-data-or";
import type { Route } from "./+types/writers";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** /admin/writers (docs/product.md#writers): the add/edit form and the table of writers, by name. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireBackOfficePage(request, "manageSections");
  return { writers: await readOrNull((db) => listWriters(db, pageLocale(request))) };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { writers: null });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.adminWriters);

export default function WritersPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const { writers } = loaderData;
  const [editing, setEditing] = useState<Writer | null>(null);

  return (
    <>
      <PageIntro title={messages.adminWriters} intro={messages.writersIntro} />
      {writers === null ? (
        <LoadFailed message={messages.writersFetchFailed} />
      ) : (
        <>
          {/* A new key is a fresh form: the add form again once an edit ends. */}
          <WriterForm key={editing?.id ?? "add"} editing={editing} onDone={() => setEditing(null)} />
          <WritersTable
            writers={writers}
            onEdit={setEditing}
            onDeleted={(writer) => {
              if (writer.id === editing?.id) setEditing(null);
            }}
          />
        </>
      )}
    </>
  );
}

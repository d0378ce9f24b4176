import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { LoadFailed, PageIntro } from "~/components/admin/table/AdminTable";
import { adminMeta } from "~/components/admin/admin-meta";
import { serverDataOr } from "~/components/admin/server-data-or";
import { KeyFileLoader } from "~/components/admin/tips/KeyFileLoader";
import { TipConversation } from "~/components/admin/tips/TipConversation";
import { TipList } from "~/components/admin/tips/TipList";
import type { OpenTipKey } from "~/components/admin/tips/inbox-types";
import { useTipKeys } from "~/components/admin/tips/use-tip-keys";
import { useMessages } from "~/contexts/i18n";
import { tipInboxQuerySchema } from "~/lib/schemas";
import { Link } from "~/components/i18n/links";
import { requireBackOfficePage } from "~/server/http/admin-guard";
import { readOrNull } from "~/server/http/admin-read";
import { config } from "~/server/platform/config";
import { can } from "~/server/services/actor";
import { listTipKeys, listTips } from "~/server/services/tips";
import type { Route } from "./+types/tips";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

/**
 * Issue 17's inbox, for editors and admins: the list of conversations (no content: the server
 * cannot read any) and the tip line's public keys. Everything sealed is fetched and opened in the
 * browser, with the key files the editor opens there.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const editor = await requireBackOfficePage(request, "readTips");
  const found = await readOrNull(async (db) => {
    const [inbox, keys] = await Promise.all([listTips(db, editor, tipInboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams)).page, config().tipsRetentionDays), listTipKeys(db, editor)]);
    return { inbox, keys };
  });
  return { inbox: found?.inbox ?? null, keys: found?.keys ?? null, mayManageKeys: can(editor, "manageTipKeys") };
}

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => serverDataOr(serverLoader, { inbox: null, keys: null, mayManageKeys: false });

export const meta: Route.MetaFunction = (args) => adminMeta(args, (m) => m.tipInboxTitle);

export default function TipInboxPage({ loaderData }: Route.ComponentProps) {
  const messages = useMessages();
  const revalidator = useRevalidator();
  const { inbox, keys: serverKeys, mayManageKeys } = loaderData;
  const { keys, add, lock } = useTipKeys();
  const [openId, setOpenId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listHeading = useRef<HTMLHeadingElement>(null);
  const loaderHeading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once the next render has put it on the page.
  const focusNext = useRef<(() => void) | null>(null);

  useEffect(() => {
    focusNext.current?.();
    focusNext.current = null;
  });

  function opened(newKeys: OpenTipKey[]) {
    if (keys.length === 0) focusNext.current = () => listHeading.current?.focus();
    add(newKeys);
  }

  function lockInbox() {
    lock();
    setOpenId(null);
    setAnnouncement(messages.tipInboxLocked);
    focusNext.current = () => loaderHeading.current?.focus();
  }

  function close(id: number) {
    setOpenId(null);
    // Back to the tip it came from, in the list (which a phone hid while the conversation was open).
    focusNext.current = () => (document.querySelector<HTMLElement>(`[data-tip-id="${id}"]`) ?? listHeading.current)?.focus();
  }

  const refresh = () => void revalidateLatest(revalidator);
  const currentKey = serverKeys?.find((key) => key.current) ?? null;

  return (
    <>
      <PageIntro title={messages.tipInboxTitle} intro={messages.tipInboxIntro} />
      {mayManageKeys ? (
        <p className="mt-3 text-sm">
          <Link to="/admin/tips/key" className="font-medium text-brand underline underline-offset-2 dark:text-red-400">
            {messages.tipInboxManageKey}
          </Link>
        </p>
      ) : null}
      {inbox === null || serverKeys === null ? (
        <LoadFailed message={messages.tipInboxListFailed} />
      ) : serverKeys.length === 0 ? (
        <p className="mt-6 max-w-2xl rounded-md bg-amber-50 px-4 py-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{messages.tipInboxNotSetUp}</p>
      ) : (
        <>
          <KeyFileLoader serverKeys={serverKeys} openKeys={keys} onOpened={opened} onLock={lockInbox} headingRef={loaderHeading} />
          {keys.length > 0 ? (
            <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)] xl:items-start">
              {/* On a narrower screen the open conversation takes the list's place; its Back button returns. */}
              <div className={openId !== null ? "hidden xl:block" : undefined}>
                <TipList page={inbox} openId={openId} onOpen={setOpenId} headingRef={listHeading} />
              </div>
              {openId !== null ? (
                <TipConversation
                  tipId={openId}
                  summary={inbox.tips.find((tip) => tip.id === openId)}
                  keys={keys}
                  currentKey={currentKey}
                  onClose={() => close(openId)}
                  onChanged={refresh}
                  onDeleted={() => {
                    setOpenId(null);
                    focusNext.current = () => listHeading.current?.focus();
                    refresh();
                  }}
                />
              ) : null}
            </div>
          ) : null}
        </>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

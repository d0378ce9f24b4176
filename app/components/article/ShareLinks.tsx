import { useMessages, useTranslate } from "~/contexts/i18n";
import { SHARE_LINKS_ID, shareLinks } from "~/components/share/share";

/** The networks' marks, drawn as icons: a glyph in text would be a visible name that is not the link's. */
const NETWORKS = [
  {
    key: "facebook",
    name: "Facebook",
    icon: <path d="M15 4.5h-1.8A3 3 0 0 0 10.2 7.5V20M7.5 10.5h7" />,
    colour: "hover:bg-[#1877f2]",
  },
  { key: "twitter", name: "Twitter", icon: <path d="M5.5 4.5l13 15M18.5 4.5l-13 15" />, colour: "hover:bg-neutral-900 dark:hover:bg-neutral-600" },
  {
    key: "linkedin",
    name: "LinkedIn",
    icon: (
      <>
        <path d="M6.5 10.5V19M10.5 19v-8.5M10.5 14a3 3 0 0 1 6 0v5" />
        <circle cx="6.5" cy="6" r="0.6" />
      </>
    ),
    colour: "hover:bg-[#0a66c2]",
  },
] as const;

/**
 * Facebook, Twitter and LinkedIn share buttons (docs/product.md#article): plain links, so the networks learn nothing
 * until the reader chooses to go there (docs/product.md#privacy). The article bar's Share leads here
 * before its island is alive, and the list is outlined when it does.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const t = useTranslate();
  const messages = useMessages();
  const links = shareLinks(url, title);
  return (
    <div
      id={SHARE_LINKS_ID}
      role="group"
      aria-label={messages.share}
      className="scroll-mt-32 rounded-full target:outline-2 target:outline-offset-4 target:outline-brand"
    >
      <ul className="flex items-center gap-2">
        {NETWORKS.map((network) => (
          <li key={network.key}>
            <a
              href={links[network.key]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("shareOnNetwork", { network: network.name })}
              title={t("shareOnNetwork", { network: network.name })}
              className={`flex h-9 w-9 items-center justify-center rounded-full border border-neutral-300 text-neutral-700 hover:border-transparent hover:text-white dark:border-neutral-700 dark:text-neutral-200 ${network.colour}`}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
                {network.icon}
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

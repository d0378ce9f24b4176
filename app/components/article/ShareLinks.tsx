import { useTranslate } from "~/components/i18n/i18n";
import { shareLinks } from "~/components/share/share";

const NETWORKS = [
  { key: "facebook", name: "Facebook", glyph: "f", colour: "hover:bg-[#1877f2]" },
  { key: "twitter", name: "Twitter", glyph: "𝕏", colour: "hover:bg-neutral-900 dark:hover:bg-neutral-600" },
  { key: "linkedin", name: "LinkedIn", glyph: "in", colour: "hover:bg-[#0a66c2]" },
] as const;

/**
 * SPEC 2 Facebook, Twitter and LinkedIn share buttons: plain links, so the networks learn nothing
 * until the reader chooses to go there (DESIGN "Privacy").
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const t = useTranslate();
  const links = shareLinks(url, title);
  return (
    <ul className="flex items-center gap-2">
      {NETWORKS.map((network) => (
        <li key={network.key}>
          <a
            href={links[network.key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("shareOnNetwork", { network: network.name })}
            title={t("shareOnNetwork", { network: network.name })}
            className={`flex h-9 w-9 items-center justify-center rounded-full border border-neutral-300 text-sm font-bold text-neutral-700 hover:border-transparent hover:text-white dark:border-neutral-700 dark:text-neutral-200 ${network.colour}`}
          >
            <span aria-hidden="true" lang="en">
              {network.glyph}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

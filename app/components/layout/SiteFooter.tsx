import { Anchor } from "~/components/i18n/anchor";
import { island } from "~/islands/Island";
import { FooterAdminLink } from "./FooterAdminLink";
import type { NavCategory } from "~/lib/article-cards";
import { useMessages } from "~/contexts/i18n";
import { Message } from "./Message";
import { ContentName } from "~/components/i18n/ContentName";

const FooterAdminLinkIsland = island("footer-admin-link", FooterAdminLink);

export const NEWSROOM_EMAIL = "newsroom@khulasa.example";
export const TIPS_EMAIL = "tips@khulasa.example";

/** Footer (docs/product.md#the-frame-of-every-page): about text, categories, quick links, contact, support, and /admin for signed-in users. */
export function SiteFooter({ categories }: { categories: NavCategory[] }) {
  const messages = useMessages();
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-neutral-50 text-sm dark:border-neutral-800 dark:bg-neutral-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-black text-brand">
            {messages.siteName}
          </h2>
          <p className="mt-2 text-neutral-600 dark:text-neutral-400">{messages.footerAbout}</p>
        </section>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="font-bold">
            {messages.categories}
          </h2>
          <ul className="mt-2 space-y-1">
            {categories.map((category) => (
              <li key={category.id}>
                <Anchor to={`/category/${category.slug}`} className="link-hover">
                  <ContentName text={category.name} />
                </Anchor>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-bold">
            {messages.quickLinks}
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Anchor to="/news" className="link-hover">
                {messages.allNews}
              </Anchor>
            </li>
            <li>
              <Anchor to="/about" className="link-hover">
                {messages.aboutUs}
              </Anchor>
            </li>
            <li>
              <Anchor to="/contact" className="link-hover">
                {messages.contact}
              </Anchor>
            </li>
            <li>
              <Anchor to="/support" className="link-hover">
                {messages.supportJournalism}
              </Anchor>
            </li>
            <li>
              <Anchor to="/corrections" className="link-hover">
                {messages.correctionsTitle}
              </Anchor>
            </li>
          </ul>
          <FooterAdminLinkIsland />
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-bold">
            {messages.contact}
          </h2>
          <address className="mt-2 space-y-1 not-italic text-neutral-600 dark:text-neutral-400">
            <p>{messages.newsroomAddress}</p>
            <p>
              <a href={`mailto:${NEWSROOM_EMAIL}`} className="link-hover">
                {NEWSROOM_EMAIL}
              </a>
            </p>
            <p>
              <Message
                id="tipsLabelEmail"
                slots={{
                  email: (
                    <a href={`mailto:${TIPS_EMAIL}`} className="link-hover">
                      {TIPS_EMAIL}
                    </a>
                  ),
                }}
              />
            </p>
            <p>
              {/* A whole page load: the tip line's own headers (no-store, no-referrer) then govern it. */}
              <Anchor to="/tips" className="font-semibold text-brand hover:underline dark:text-red-400">
                {messages.tipsFooterLink}
              </Anchor>
            </p>
          </address>
          <Anchor
            to="/support"
            className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
          >
            {messages.supportUs}
          </Anchor>
        </section>
      </div>
      <p className="border-t border-neutral-200 py-4 text-center text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
        {messages.copyrightNotice}
      </p>
    </footer>
  );
}

import { useActionData } from "react-router";
import { TipLine } from "~/components/tips/TipLine";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { requestInfoContext } from "~/server/http/request-context";
import { tipPageAction, tipPageLoader } from "~/server/http/tip-page";
import type { Route } from "./+types/tips";
import { island } from "~/islands/Island";
import type { Sharing } from "~/lib/sharing";
import type { IslandsHandle } from "~/root";

export const sharing: Sharing = "private";

const TipLineIsland = island("tip-line", TipLine);

/** Every inline style on the tip line must be one its script manifest lists: the whole sheet is, a page's selection is not. */
export const handle: IslandsHandle = { wholeStylesheet: true };

export const loader = ({ request }: Route.LoaderArgs) => tipPageLoader(request);

export const action = ({ request, context }: Route.ActionArgs) => tipPageAction(request, context.get(requestInfoContext).clientIp);

/** The tip line's own headers (no-store, no-referrer, Onion-Location), after a form as before one. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.set(name, value));
  return merged;
};

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.tipsTitle, description: seo.messages.tipsIntro });
};

/** /tips (issue 17): a source sends the newsroom a tip, and comes back with a codename. */
export default function TipsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return <TipLineIsland open={loaderData.open} fingerprint={loaderData.fingerprint} result={result} />;
}

import { newsletterTokenSchema } from "~/lib/schemas";
import { localizePath } from "~/lib/i18n";
import { json, readInput, requestLocale, resource } from "~/server/http/api";
import { config } from "~/server/platform/config";
import { leaveEverything } from "~/server/newsletter/membership";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/newsletter.unsubscribe";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * GET (the List-Unsubscribe address opened by a person, or fetched by a scanner): changes nothing,
   * 303 to the page with its button, in ?lang='s language.
   */
  async GET({ request }) {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const page = localizePath("/newsletter/unsubscribe", requestLocale(request), config().defaultLocale);
    return new Response(null, { status: 303, headers: { Location: `${page}?${new URLSearchParams({ token })}`, "Cache-Control": "private, no-store" } });
  },
  /**
   * POST /api/newsletter/unsubscribe {token} (issue 40): leaves every list at once. A form-encoded
   * RFC 8058 body (`List-Unsubscribe=One-Click`) with the token in the query works too.
   */
  async POST({ request }) {
    const query = new URL(request.url).searchParams.get("token");
    const { token } = await readInput(request, newsletterTokenSchema.partial()).then((input) =>
      newsletterTokenSchema.parse({ token: input.token ?? query ?? "" }),
    );
    await leaveEverything(await database(), token);
    return json({ unsubscribed: true });
  },
});

export const loader = handle;
export const action = handle;

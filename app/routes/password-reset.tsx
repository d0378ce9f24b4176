import { data, useActionData, useLoaderData } from "react-router";
import { FormError, NewsletterPanel as Panel, Notice, buttonClass } from "~/components/newsletter/NewsletterPanel";
import { Anchor } from "~/components/i18n/anchor";
import { useMessages } from "~/contexts/i18n";
import { passwordResetRequestSchema, passwordResetSchema } from "~/lib/schemas";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import { pageLocale } from "~/server/http/page-locale";
import { pageOutcome } from "~/server/http/page-outcome";
import { mailPasswordReset } from "~/server/http/password-reset";
import { requestInfoContext } from "~/server/http/request-context";
import { completePasswordReset } from "~/server/services/password-resets";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/password-reset";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

/** Asks for a link (the same answer whether an account uses the address), or spends one on a new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = pageLocale(request);
  const outcome = await pageOutcome(locale, async () => {
    const db = await database();
    if (form.has("token")) {
      await completePasswordReset(db, passwordResetSchema.parse({ token: form.get("token"), new_password: form.get("new_password") ?? "" }));
      return "reset" as const;
    }
    const { email } = passwordResetRequestSchema.parse({ email: form.get("email") ?? "" });
    await mailPasswordReset(db, context.get(requestInfoContext).clientIp, email, locale);
    return "sent" as const;
  });
  return data(outcome, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.passwordResetTitle, noindex: true });
};

const inputClass =
  "rounded-md border border-neutral-300 bg-white px-3 py-2 font-normal text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100";

/** /password-reset (issue 40): "forgot password" from the sign-in page, and the page the mailed link opens. */
export default function PasswordResetPage() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const messages = useMessages();
  const error = outcome && !outcome.ok ? outcome.error : null;
  if (outcome?.ok) {
    return (
      <Panel title={messages.passwordResetTitle}>
        <Notice>{outcome.value === "reset" ? messages.passwordResetDone : messages.passwordResetSent}</Notice>
        {outcome.value === "reset" ? (
          <Anchor to="/login" className="mt-4 inline-block font-semibold text-brand underline dark:text-red-400">
            {messages.login}
          </Anchor>
        ) : null}
      </Panel>
    );
  }
  return (
    <Panel title={messages.passwordResetTitle} lead={token ? messages.passwordResetChooseLead : messages.passwordResetLead}>
      <form method="post" className="flex flex-col gap-4">
        {token ? (
          <>
            <input type="hidden" name="token" value={token} />
            <label className="flex flex-col gap-1 font-semibold">
              {messages.newPassword}
              <input
                type="password"
                name="new_password"
                required
                autoComplete="new-password"
                aria-describedby={error ? "password-reset-error" : undefined}
                className={inputClass}
              />
            </label>
          </>
        ) : (
          <label className="flex flex-col gap-1 font-semibold">
            {messages.emailAddress}
            <input
              type="email"
              name="email"
              required
              autoComplete="email"
              aria-describedby={error ? "password-reset-error" : undefined}
              className={inputClass}
            />
          </label>
        )}
        <div>
          <button type="submit" className={buttonClass}>
            {token ? messages.passwordResetSave : messages.passwordResetSend}
          </button>
        </div>
      </form>
      <FormError id="password-reset-error" message={error} />
    </Panel>
  );
}

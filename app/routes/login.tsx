import { data, redirect, useActionData, useSearchParams } from "react-router";
import { ZodError } from "zod";
import { LoginForm } from "~/components/auth/LoginForm";
import { island } from "~/islands/Island";
import { afterSignInPath } from "~/lib/redirect-path";
import { translate } from "~/lib/i18n";
import { config } from "~/server/process/config";
import { pageLocale } from "~/server/http/page-locale";
import { firstMessage, loginSchema, registerSchema } from "~/lib/schemas";
import { AppError } from "~/server/errors";
import { loginAttempt, registration } from "~/server/http/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { sessionClient, sessionCookie } from "~/server/http/session";
import { login, register } from "~/server/services/auth";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/login";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "public";

const LoginFormIsland = island("login-form", LoginForm);

/**
 * The same sign-in and sign-up as the API, for a form sent before JavaScript has loaded (a slow
 * phone): success sets the session cookie and follows the redirect rule; failure shows the message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const ip = context.get(requestInfoContext).clientIp;
  try {
    const db = await database();
    const client = sessionClient(request);
    const result = form.has("name")
      ? await registration(ip).then(() => register(db, registerSchema.parse({ name: field("name"), email: field("email"), password: field("password") }), client))
      : await loginAttempt(ip, field("email"), () => login(db, loginSchema.parse({ username: field("email"), password: field("password") }), client));
    const target = afterSignInPath(
      new URL(request.url).searchParams.get("redirect"),
      result.user.role,
      pageLocale(request),
      config().defaultLocale,
    );
    return redirect(target, { headers: { "Set-Cookie": sessionCookie(request, result.token) } });
  } catch (error) {
    const locale = pageLocale(request);
    if (error instanceof ZodError) return data({ error: translate(locale, firstMessage(error)) }, { status: 400 });
    if (error instanceof AppError) return data({ error: translate(locale, error.key, error.values) }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.login, noindex: true });
};

/** SPEC 2 /login: the auth dialog as a page (the form is an island, LoginForm). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const failed = useActionData<typeof action>();
  return (
    <LoginFormIsland
      redirectParam={params.get("redirect")}
      initialMode={params.get("mode") === "signup" ? "signup" : "signin"}
      error={failed?.error ?? null}
    />
  );
}

import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { useNotify } from "~/components/notifications/notifications";
import { type ApiResult, apiRequest } from "~/lib/api-client";
import { useWithReauthentication } from "../account/reauthentication";

type RequestOptions = Parameters<typeof apiRequest>[1];

/**
 * One back-office write through the REST API (the only write path), with the outcome docs/product.md#messages-and-notifications describes: the
 * success message and fresh page data, or the server's own error text, else the spec's fallback.
 * A write the server wants a fresh second factor for asks for it, then is sent again (issue 35).
 */
export function useAdminWrite() {
  const notify = useNotify();
  const revalidator = useRevalidator();
  const withReauthentication = useWithReauthentication();

  return async function write<T>(
    path: string,
    options: RequestOptions,
    texts: { success: string; failure: string },
  ): Promise<ApiResult<T>> {
    const result = await withReauthentication(() => apiRequest<T>(path, options));
    if (result.ok) {
      notify(texts.success, "success");
      await revalidateLatest(revalidator);
    } else {
      notify(result.error ?? texts.failure, "error");
    }
    return result;
  };
}

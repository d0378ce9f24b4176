import { useState } from "react";
import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useFormatNumber, useMessages, useTranslate } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { SecondFactorStatus } from "~/lib/second-factor";
import { buttonClass } from "../table/AdminTable";
import { PasskeySettings } from "./PasskeySettings";
import { RecoveryCodesPanel } from "./RecoveryCodesPanel";
import { TotpSettings } from "./TotpSettings";
import { useWithReauthentication } from "./reauthentication";
import { SettingsCard } from "./SettingsCard";
import { useNotify } from "~/components/notifications/notifications";

/**
 * The account screen's second factors (issue 35): authenticator codes, passkeys and recovery
 * codes. A new set of recovery codes is shown above them, once. Its own component: the screen
 * holds other parts of the account's security beside it.
 */
export function SecondFactorSettings({ status, email }: { status: SecondFactorStatus; email: string }) {
  const messages = useMessages();
  const revalidator = useRevalidator();
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const hasFactor = status.totp || status.passkeys.length > 0;

  const changed = (recoveryCodes?: string[]) => {
    if (recoveryCodes) setFreshCodes(recoveryCodes);
    void revalidateLatest(revalidator);
  };

  return (
    <>
      <p className="mt-4 max-w-2xl text-sm">{messages.accountSecurityIntro}</p>
      {status.required && !hasFactor ? (
        <p className="mt-4 max-w-2xl rounded-md bg-amber-50 px-4 py-3 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">{messages.secondFactorEnrolmentNotice}</p>
      ) : null}
      {freshCodes ? <RecoveryCodesPanel codes={freshCodes} email={email} onDone={() => setFreshCodes(null)} /> : null}
      <TotpSettings on={status.totp} email={email} onChanged={changed} />
      <PasskeySettings passkeys={status.passkeys} onChanged={changed} />
      {hasFactor ? <RecoveryCodesSettings left={status.recovery_codes_left} onNewCodes={changed} /> : null}
    </>
  );
}

function RecoveryCodesSettings({ left, onNewCodes }: { left: number; onNewCodes: (codes: string[]) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const notify = useNotify();
  const withReauthentication = useWithReauthentication();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function regenerate() {
    setBusy(true);
    const result = await withReauthentication(() => apiRequest<{ recovery_codes: string[] }>("/api/users/me/recovery-codes", { method: "POST" }));
    setBusy(false);
    setAsking(false);
    if (!result.ok) return notify(result.error ?? messages.serverError, "error");
    onNewCodes(result.data.recovery_codes);
  }

  return (
    <SettingsCard title={messages.recoveryCodesTitle} intro={messages.recoveryCodesIntro}>
      <p className="text-sm font-medium">{translate("recoveryCodesLeft", { count: formatNumber(left) })}</p>
      <button type="button" onClick={() => setAsking(true)} className={`${buttonClass.secondary} mt-3`}>
        {messages.recoveryCodesRegenerate}
      </button>
      <ConfirmDialog
        open={asking}
        message={messages.recoveryCodesRegenerateQuestion}
        confirmLabel={messages.recoveryCodesRegenerate}
        busy={busy}
        onConfirm={() => void regenerate()}
        onCancel={() => setAsking(false)}
      />
    </SettingsCard>
  );
}

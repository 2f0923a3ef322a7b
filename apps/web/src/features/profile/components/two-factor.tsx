import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { TotpStart } from '@portal/contract/auth';
import { useSearchParams } from '@/hooks/use-search-params';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { useConfirmTotp, useMfaStatus, useNewRecoveryCodes, useStartTotp, useTurnOffTotp } from '../api/mfa';

/** The Error key of a failed code or password, shown under the field. */
type Problem = 'mfaCodeWrong' | 'pwWrong' | 'reauthRequired' | 'rateLimited' | 'generic';

function problemOf(error: unknown): Problem {
  if (isApiError(error, 'mfaCodeWrong') || isApiError(error, 'validation')) return 'mfaCodeWrong';
  if (isApiError(error, 'pwWrong')) return 'pwWrong';
  if (isApiError(error, 'reauthRequired')) return 'reauthRequired';
  if (isApiError(error, 'rateLimited')) return 'rateLimited';
  return 'generic';
}

/**
 * "Two-factor sign-in" in the profile: set up the authenticator app (QR code and the secret as
 * text, confirmed by a code), see the recovery codes once, make new ones, turn it off.
 */
export function TwoFactorCard({ oid }: { oid: string }) {
  const { t } = useTranslation(['Profile']);
  const status = useMfaStatus(oid);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Sent here by the admin console (it needs a second factor): say why, and show this card.
  const [search] = useSearchParams();
  const requiredForAdmin = search.get('mfa') === 'required' && status.data?.totp === false;
  const loaded = status.data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === '#two-factor')
      document.getElementById('two-factor')?.scrollIntoView();
  }, [loaded]);
  return (
    <Card className="p-6" data-testid="two-factor">
      <h2 id="two-factor" className="mb-2 scroll-mt-24 text-lg font-semibold">
        {t('mfaTitle')}
      </h2>
      {requiredForAdmin ? (
        <p role="status" className="mb-3 rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm">
          {t('mfaRequiredForAdmin')}
        </p>
      ) : null}
      {recoveryCodes ? (
        <RecoveryCodeList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.data?.totp ? (
        <TotpOn oid={oid} left={status.data.recoveryCodesLeft} onCodes={setRecoveryCodes} />
      ) : status.data ? (
        <TotpSetup oid={oid} onCodes={setRecoveryCodes} />
      ) : status.isError ? (
        <FormAlert>{t('mfaLoadFailed')}</FormAlert>
      ) : (
        <Spinner className="size-5" />
      )}
    </Card>
  );
}

function TotpSetup({ oid, onCodes }: { oid: string; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['Profile', 'Error']);
  const start = useStartTotp(oid);
  const confirm = useConfirmTotp(oid);
  const [setup, setSetup] = useState<TotpStart | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  if (!setup) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">{t('mfaOffText')}</p>
        <Button
          variant="outline"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: setSetup,
              onError: () => toast.error(t('generic', { ns: 'Error' })),
            })
          }
        >
          {start.isPending ? <Spinner className="size-4" /> : null}
          {t('mfaSetUp')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: ({ recoveryCodes }) => {
        toast.success(t('mfaTurnedOn'));
        onCodes(recoveryCodes);
      },
      onError: (error) => setProblem(problemOf(error)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('mfaScanText')}</p>
      <QrCode uri={setup.otpauthUri} label={t('mfaQrAlt')} />
      <div className="grid gap-1">
        <span className="text-sm text-muted-foreground">{t('mfaSecretLabel')}</span>
        <code data-testid="totp-secret" className="font-mono text-sm break-all select-all">
          {setup.secret}
        </code>
      </div>
      <Field label={t('mfaConfirmLabel')} error={problem ? t(problem, { ns: 'Error' }) : undefined}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={confirm.isPending || !code.trim()}>
        {confirm.isPending ? <Spinner className="size-4" /> : null}
        {t('mfaConfirm')}
      </Button>
    </form>
  );
}

/** The otpauth:// URI as a QR code; the qrcode library is loaded only here. */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => current && setSrc(url))
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? (
    <img
      src={src}
      alt={label}
      width={200}
      height={200}
      className="rounded-md border border-border bg-white"
    />
  ) : (
    <div className="size-[200px] rounded-md border border-border" />
  );
}

function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(['Profile']);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('mfaRecoveryText')}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button className="justify-self-start" onClick={onDone}>
        {t('mfaRecoverySaved')}
      </Button>
    </div>
  );
}

function TotpOn({ oid, left, onCodes }: { oid: string; left: number; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['Profile', 'Error', 'Form']);
  const renew = useNewRecoveryCodes(oid);
  const turnOff = useTurnOffTotp(oid);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const pending = renew.isPending || turnOff.isPending;
  const failed = (error: unknown) => setProblem(problemOf(error));

  return (
    <div className="grid gap-4">
      <p className="text-sm">{t('mfaOnText', { count: left })}</p>
      <Field
        label={t('passwordCurrent', { ns: 'Form' })}
        hint={t('mfaReauthHint')}
        error={problem ? t(problem, { ns: 'Error' }) : undefined}
      >
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(null);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={pending}
          onClick={() =>
            renew.mutate(password, {
              onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes),
              onError: failed,
            })
          }
        >
          {t('mfaNewCodes')}
        </Button>
        <Button
          variant="outline"
          disabled={pending}
          onClick={() =>
            turnOff.mutate(password, {
              onSuccess: () => toast.success(t('mfaTurnedOff')),
              onError: failed,
            })
          }
        >
          {t('mfaTurnOff')}
        </Button>
      </div>
    </div>
  );
}

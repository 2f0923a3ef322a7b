import {
  ACCESS_TOKEN_LIMITS,
  dayAfter,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@portal/contract/access-token';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '@/hooks/use-translation';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../api/access-tokens';

/** Today as the server counts expiries: the UTC day. */
const utcToday = (): string => new Date().toISOString().slice(0, 10);

/**
 * The profile's personal access tokens (docs/security.md#personal-access-tokens): make one with
 * a name, scope and expiry (shown once, to copy), see each one's last use, revoke one.
 */
export function AccessTokens({ oid }: { oid: string }) {
  const { t } = useTranslation('Profile');
  const tokens = useAccessTokens(oid);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  return (
    <Card className="p-6 lg:col-span-2" role="region" aria-labelledby="access-tokens">
      <h2 id="access-tokens" className="scroll-mt-24 text-lg font-semibold">
        {t('tokensTitle')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('tokensIntro')}</p>
      <QueryState
        query={tokens}
        errorMessage={t('tokensLoadFailed')}
        pending={
          <div role="status" aria-label={t('tokensLoading')}>
            <Skeleton className="h-24 rounded-lg" />
          </div>
        }
      >
        {(list) => (
          <div className="grid gap-6">
            {created ? <CreatedToken created={created} onDone={() => setCreated(null)} /> : null}
            <TokenList oid={oid} tokens={list} />
            {list.length >= ACCESS_TOKEN_LIMITS.perPerson ? (
              <p className="text-sm text-muted-foreground">
                {t('tokensLimitReached', { count: ACCESS_TOKEN_LIMITS.perPerson })}
              </p>
            ) : (
              <NewTokenForm oid={oid} onCreated={setCreated} />
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}

/** The new token, this once: with a copy button and the warning that it will not show again. */
function CreatedToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  const { t } = useTranslation('Profile');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      toast.success(t('tokenCopied'));
    } catch (error) {
      console.error(error);
      toast.error(t('tokenCopyFailed'));
    }
  };
  return (
    <div
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
      data-testid="created-token"
    >
      <p className="text-sm font-medium text-amber-900 dark:text-amber-100" role="status">
        {t('tokenShownOnce', { name: created.name })}
      </p>
      <code
        data-testid="token-value"
        className="rounded-md bg-background p-2 font-mono text-sm break-all select-all"
      >
        {created.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          {t('tokenCopy')}
        </Button>
        <Button onClick={onDone}>{t('tokenStored')}</Button>
      </div>
    </div>
  );
}

function TokenList({ oid, tokens }: { oid: string; tokens: AccessToken[] }) {
  const { t } = useTranslation('Profile');
  const revoke = useRevokeAccessToken(oid);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const [failed, setFailed] = useState(false);
  const now = new Date().toISOString();

  const confirm = async () => {
    if (!revoking) return;
    setFailed(false);
    try {
      await revoke.mutateAsync(revoking.id);
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    setRevoking(null);
    toast.success(t('tokenRevoked'));
  };

  if (tokens.length === 0) return <p className="text-sm text-muted-foreground">{t('tokensNone')}</p>;
  return (
    <>
      <ul className="divide-y divide-border" aria-label={t('tokensTitle')}>
        {tokens.map((token) => (
          <li
            key={token.id}
            className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="access-token"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                {token.name}
                <Badge tone={token.scope === 'write' ? 'warning' : 'neutral'}>
                  {t(token.scope === 'write' ? 'tokenScopeWrite' : 'tokenScopeRead')}
                </Badge>
                {token.expiresAt < now ? <Badge tone="warning">{t('tokenExpired')}</Badge> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {t('tokenCreated', { date: formatDate(token.createdAt) })}
                {' · '}
                {t('tokenExpires', { date: formatDate(token.expiresAt) })}
                {' · '}
                {token.lastUsedAt
                  ? t('tokenLastUsed', { date: formatDate(token.lastUsedAt) })
                  : t('tokenNeverUsed')}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('tokenRevokeNamed', { name: token.name })}
              onClick={() => {
                setFailed(false);
                setRevoking(token);
              }}
            >
              {t('tokenRevoke')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t('tokenRevokeTitle')}
        description={t('tokenRevokeText')}
        subject={revoking?.name ?? ''}
        confirmLabel={t('tokenRevoke')}
        failedMessage={failed ? t('tokenRevokeFailed') : null}
        pending={revoke.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

type Expiry = `${(typeof ACCESS_TOKEN_LIMITS.presetDays)[number]}` | 'date';

function NewTokenForm({ oid, onCreated }: { oid: string; onCreated: (created: CreatedAccessToken) => void }) {
  const { t } = useTranslation(['Profile', 'Error']);
  const create = useCreateAccessToken(oid);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [expiry, setExpiry] = useState<Expiry>('30');
  const today = utcToday();
  const [day, setDay] = useState(dayAfter(today, 30));
  const [nameProblem, setNameProblem] = useState(false);
  const [dayProblem, setDayProblem] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const first = dayAfter(today, 1);
  const last = dayAfter(today, ACCESS_TOKEN_LIMITS.maxDays);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const expiresOn = expiry === 'date' ? day : dayAfter(today, Number(expiry));
    const badName = trimmed.length === 0 || trimmed.length > ACCESS_TOKEN_LIMITS.nameLength;
    const badDay = !/^\d{4}-\d{2}-\d{2}$/.test(expiresOn) || expiresOn < first || expiresOn > last;
    setNameProblem(badName);
    setDayProblem(badDay);
    setProblem(null);
    if (badName || badDay) return;
    create.mutate(
      { name: trimmed, scope, expiresOn },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
        onError: (error) =>
          setProblem(
            isApiError(error, 'tooManyAccessTokens')
              ? t('tokensLimitReached', { count: ACCESS_TOKEN_LIMITS.perPerson })
              : isApiError(error, 'validation')
                ? t('tokenInvalidInput')
                : t('generic', { ns: 'Error' }),
          ),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="new-token">
      <h3 id="new-token" className="font-medium">
        {t('tokenNew')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('tokenName')} required error={nameProblem ? t('tokenNameProblem') : undefined}>
          <Input
            value={name}
            maxLength={ACCESS_TOKEN_LIMITS.nameLength}
            onChange={(event) => {
              setName(event.target.value);
              setNameProblem(false);
            }}
          />
        </Field>
        <Field label={t('tokenScope')} hint={t(scope === 'write' ? 'tokenScopeWriteHint' : 'tokenScopeReadHint')}>
          <NativeSelect value={scope} onChange={(event) => setScope(event.target.value as AccessTokenScope)}>
            <option value="read">{t('tokenScopeRead')}</option>
            <option value="write">{t('tokenScopeWrite')}</option>
          </NativeSelect>
        </Field>
        <Field label={t('tokenExpiry')}>
          <NativeSelect value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)}>
            {ACCESS_TOKEN_LIMITS.presetDays.map((days) => (
              <option key={days} value={String(days)}>
                {t('tokenExpiryDays', { count: days })}
              </option>
            ))}
            <option value="date">{t('tokenExpiryDate')}</option>
          </NativeSelect>
        </Field>
      </div>
      {expiry === 'date' ? (
        <Field
          label={t('tokenExpiryDay')}
          hint={t('tokenExpiryDayHint', { first: formatDate(first), last: formatDate(last) })}
          error={dayProblem ? t('tokenExpiryDayProblem') : undefined}
        >
          <Input
            type="date"
            className="sm:max-w-56"
            min={first}
            max={last}
            value={day}
            onChange={(event) => {
              setDay(event.target.value);
              setDayProblem(false);
            }}
          />
        </Field>
      ) : null}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? <Spinner className="size-4" /> : null}
        {t('tokenCreate')}
      </Button>
    </form>
  );
}

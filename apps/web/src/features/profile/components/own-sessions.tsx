import type { OwnSession } from '@portal/contract/session';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from '@/hooks/use-translation';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/days';
import { useEndOtherSessions, useEndSession, useOwnSessions } from '../api/sessions';

/** DD.MM.YYYY HH:MM in the viewer's time. */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(iso)} ${time}`;
}

/**
 * The profile's list of the person's sessions (docs/security.md#own-sessions): where they are
 * signed in, this device marked; any other session can be ended, or all others at once. The
 * "new sign-in" mail links here (/profile#sessions).
 */
export function OwnSessions({ oid }: { oid: string }) {
  const { t } = useTranslation('Profile');
  const sessions = useOwnSessions(oid);
  const loaded = sessions.isSuccess;
  useEffect(() => {
    if (loaded && window.location.hash === '#sessions') document.getElementById('sessions')?.scrollIntoView();
  }, [loaded]);
  return (
    <Card className="p-6 lg:col-span-2" role="region" aria-labelledby="sessions">
      <h2 id="sessions" className="scroll-mt-24 text-lg font-semibold">
        {t('sessionsTitle')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{t('sessionsIntro')}</p>
      <QueryState
        query={sessions}
        errorMessage={t('sessionsLoadFailed')}
        pending={
          <div role="status" aria-label={t('sessionsLoading')}>
            <Skeleton className="h-24 rounded-lg" />
          </div>
        }
      >
        {(list) => <SessionList oid={oid} sessions={list} />}
      </QueryState>
    </Card>
  );
}

function SessionList({ oid, sessions }: { oid: string; sessions: OwnSession[] }) {
  const { t } = useTranslation(['Profile', 'Modal']);
  const endOne = useEndSession(oid);
  const endOthers = useEndOtherSessions(oid);
  const [ending, setEnding] = useState<OwnSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const [failed, setFailed] = useState(false);
  const others = sessions.filter((s) => !s.current);
  const nameOf = (s: OwnSession) =>
    `${s.browser ?? t('sessionUnknownBrowser')} · ${s.system ?? t('sessionUnknownSystem')}`;

  const confirmOne = async () => {
    if (!ending) return;
    setFailed(false);
    try {
      await endOne.mutateAsync(ending.id);
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    setEnding(null);
    toast.success(t('sessionEnded'));
  };
  const confirmOthers = async () => {
    setFailed(false);
    try {
      await endOthers.mutateAsync();
    } catch (error) {
      console.error(error);
      setFailed(true);
      return;
    }
    setEndingOthers(false);
    toast.success(t('sessionsOthersEnded'));
  };

  return (
    <>
      <ul className="divide-y divide-border" aria-label={t('sessionsTitle')}>
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-testid="own-session"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                {nameOf(session)}
                {session.current ? <Badge tone="success">{t('sessionThisDevice')}</Badge> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                {t('sessionSignedIn', { date: formatDateTime(session.createdAt) })}
                {' · '}
                {t('sessionLastUsed', { date: formatDateTime(session.lastUsedAt) })}
                {session.address ? ` · ${t('sessionAddress', { address: session.address })}` : null}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('sessionEndNamed', { name: nameOf(session) })}
                onClick={() => {
                  setFailed(false);
                  setEnding(session);
                }}
              >
                {t('sessionEnd')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <div className="mt-4">
          <Button
            variant="outline"
            onClick={() => {
              setFailed(false);
              setEndingOthers(true);
            }}
          >
            {t('sessionsEndOthers')}
          </Button>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{t('sessionsNoOthers')}</p>
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => (open ? undefined : setEnding(null))}
        title={t('sessionEndTitle')}
        description={t('sessionEndText')}
        subject={ending ? nameOf(ending) : ''}
        confirmLabel={t('sessionEnd')}
        failedMessage={failed ? t('sessionsEndFailed') : null}
        pending={endOne.isPending}
        onConfirm={() => void confirmOne()}
      />
      <ConfirmDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title={t('sessionsEndOthersTitle')}
        description={t('sessionsEndOthersText')}
        subject={t('sessionsOthersCount', { count: others.length })}
        confirmLabel={t('sessionsEndOthers')}
        failedMessage={failed ? t('sessionsEndFailed') : null}
        pending={endOthers.isPending}
        onConfirm={() => void confirmOthers()}
      />
    </>
  );
}

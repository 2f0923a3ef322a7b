import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type Webhook, type WebhookEvent } from '@portal/contract/webhook';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/hooks/use-translation';
import { isApiError } from '@/lib/api-errors';
import { formatDate } from '@/lib/days';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';

// The project's webhooks (docs/webhooks.md), for its owner and editors: endpoints, their secret,
// a test event and the delivery log with "resend".

/** The events a customer can subscribe to now (invoice.issued waits for billing). */
const OFFERED_EVENTS = WEBHOOK_EVENTS.filter((e) => e !== 'invoice.issued');

/** The text key that says what an event means. */
const EVENT_TEXT = {
  'usage.threshold_reached': 'webhookEvent_usage_threshold_reached',
  'licence.key_rotated': 'webhookEvent_licence_key_rotated',
  'licence.state_changed': 'webhookEvent_licence_state_changed',
  'licence.added': 'webhookEvent_licence_added',
  'licence.removed': 'webhookEvent_licence_removed',
  'member.joined': 'webhookEvent_member_joined',
  'invoice.issued': 'webhookEvent_invoice_issued',
} as const satisfies Record<WebhookEvent, string>;

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(iso)} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export function WebhooksSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation('ProjectDetail');
  const webhooks = useWebhooks(projectId);
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="project-webhooks" className="mt-10 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="project-webhooks" className="text-xl font-semibold">
          {t('webhooksTitle')}
        </h2>
        <Button variant="outline" onClick={() => setAdding(true)}>
          {t('webhookAdd')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('webhooksIntro')}</p>
      <QueryState
        query={webhooks}
        errorMessage={t('webhooksLoadFailed')}
        pending={
          <div role="status" aria-label={t('webhooksLoading')}>
            <Skeleton className="h-24 rounded-lg" />
          </div>
        }
      >
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm">{t('webhooksNone')}</p>
          ) : (
            <ul className="flex flex-col gap-4" aria-labelledby="project-webhooks">
              {list.map((webhook) => (
                <li key={webhook.id}>
                  <WebhookCard projectId={projectId} webhook={webhook} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {adding ? <WebhookDialog projectId={projectId} webhook={null} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

function WebhookCard({ projectId, webhook }: { projectId: string; webhook: Webhook }) {
  const { t } = useTranslation('ProjectDetail');
  const [editing, setEditing] = useState(false);
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [failed, setFailed] = useState(false);
  // The card is a group named by its address, so "Edit", "Delete" … say which endpoint they act on.
  const addressId = useId();
  const test = useSendTestEvent(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const remove = useDeleteWebhook(projectId);

  const sendTest = async () => {
    try {
      await test.mutateAsync(webhook.id);
      setShowLog(true);
      toast.success(t('webhookTestQueued'));
    } catch (error) {
      console.error(error);
      toast.error(t('webhookActionFailed'));
    }
  };
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      toast.success(t('webhookSecretCopied'));
    } catch (error) {
      console.error(error);
      toast.error(t('webhookSecretCopyFailed'));
    }
  };
  const confirmed = async () => {
    setFailed(false);
    try {
      if (confirm === 'rotate') {
        await rotate.mutateAsync(webhook.id);
        setShowSecret(true);
        toast.success(t('webhookSecretRotated'));
      } else {
        await remove.mutateAsync(webhook.id);
        toast.success(t('webhookDeleted'));
      }
      setConfirm(null);
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  };

  return (
    <Card className="p-4 sm:p-6" data-testid="webhook" role="group" aria-labelledby={addressId}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p id={addressId} className="font-medium break-all">
            {webhook.url}
          </p>
          {webhook.description ? <p className="text-sm text-muted-foreground">{webhook.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {webhook.enabled ? (
            <Badge tone="success">{t('webhookEnabled')}</Badge>
          ) : (
            <Badge tone="warning">{webhook.disabledReason === 'failing'
                ? t('webhookDisabledFailing')
                : webhook.disabledReason === 'creatorLeft'
                  ? t('webhookDisabledCreatorLeft')
                  : t('webhookDisabled')}</Badge>
          )}
        </div>
      </div>
      <p className="mt-2 text-sm">
        <span className="text-muted-foreground">{t('webhookEvents')}: </span>
        <span className="break-words">{webhook.events.join(', ')}</span>
      </p>
      <div className="mt-3 text-sm">
        <span className="text-muted-foreground">{t('webhookSecret')}: </span>
        {showSecret ? (
          <code className="rounded bg-muted px-1 break-all select-all" data-testid="webhook-secret">
            {webhook.secret}
          </code>
        ) : (
          <span aria-hidden="true">••••••••</span>
        )}{' '}
        <Button variant="ghost" size="sm" aria-expanded={showSecret} onClick={() => setShowSecret(!showSecret)}>
          {showSecret ? t('webhookSecretHide') : t('webhookSecretShow')}
        </Button>
        {showSecret ? (
          <Button variant="ghost" size="sm" onClick={() => void copySecret()}>
            {t('webhookSecretCopy')}
          </Button>
        ) : null}
        {webhook.previousSecretValidUntil ? (
          <p className="text-xs text-muted-foreground">
            {t('webhookSecretGrace', { date: formatDateTime(webhook.previousSecretValidUntil) })}
          </p>
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t('webhookEdit')}
        </Button>
        <Button variant="outline" size="sm" disabled={!webhook.enabled || test.isPending} onClick={() => void sendTest()}>
          {test.isPending ? <Spinner className="size-4" /> : null}
          {t('webhookTest')}
        </Button>
        <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? t('webhookLogHide') : t('webhookLogShow')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirm('rotate')}>
          {t('webhookSecretRotate')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirm('delete')}>
          {t('webhookDelete')}
        </Button>
      </div>
      {showLog ? <DeliveryLog projectId={projectId} webhook={webhook} /> : null}
      {editing ? <WebhookDialog projectId={projectId} webhook={webhook} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title={confirm === 'rotate' ? t('webhookSecretRotateTitle') : t('webhookDeleteTitle')}
        description={confirm === 'rotate' ? t('webhookSecretRotateText') : t('webhookDeleteText')}
        subject={webhook.url}
        confirmLabel={confirm === 'rotate' ? t('webhookSecretRotate') : t('webhookDelete')}
        failedMessage={failed ? t('webhookActionFailed') : null}
        pending={rotate.isPending || remove.isPending}
        onConfirm={() => void confirmed()}
      />
    </Card>
  );
}

function DeliveryLog({ projectId, webhook }: { projectId: string; webhook: Webhook }) {
  const { t } = useTranslation('ProjectDetail');
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(projectId, webhook.id, page);
  const resend = useResendDelivery(projectId);
  const stateTone = { delivered: 'success', failed: 'warning', pending: 'neutral' } as const;
  const doResend = async (deliveryId: string) => {
    try {
      await resend.mutateAsync({ id: webhook.id, deliveryId });
      await deliveries.refetch();
      toast.success(t('webhookResendQueued'));
    } catch (error) {
      console.error(error);
      toast.error(t('webhookActionFailed'));
    }
  };
  return (
    <div className="mt-4 border-t border-border pt-4">
      <h3 className="mb-2 font-semibold">{t('webhookLogTitle')}</h3>
      <QueryState
        query={deliveries}
        errorMessage={t('webhooksLoadFailed')}
        pending={
          <div role="status" aria-label={t('webhooksLoading')}>
            <Skeleton className="h-16 rounded-lg" />
          </div>
        }
      >
        {(log) =>
          log.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('webhookLogEmpty')}</p>
          ) : (
            <>
              <ul className="divide-y divide-border" aria-label={t('webhookLogTitle')}>
                {log.items.map((d) => (
                  <li key={d.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="webhook-delivery">
                    <div className="min-w-0 text-sm">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{d.event}</span>
                        <Badge tone={stateTone[d.state]}>{t(`webhookState_${d.state}`)}</Badge>
                        {d.statusCode !== null ? <span>HTTP {d.statusCode}</span> : null}
                        {d.durationMs !== null ? <span className="text-muted-foreground">{d.durationMs} ms</span> : null}
                      </p>
                      <p className="text-muted-foreground">
                        {formatDateTime(d.lastAttemptAt ?? d.createdAt)} · {t('webhookAttempts', { count: d.attempts })}
                      </p>
                      {d.response ? (
                        <pre className="mt-1 max-h-24 overflow-auto rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap">
                          {d.response}
                        </pre>
                      ) : null}
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!webhook.enabled || resend.isPending}
                      aria-label={t('webhookResendNamed', { event: d.event, date: formatDateTime(d.createdAt) })}
                      onClick={() => void doResend(d.id)}
                    >
                      {t('webhookResend')}
                    </Button>
                  </li>
                ))}
              </ul>
              {log.total > log.pageSize ? (
                <div className="mt-2 flex gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('webhookLogNewer')}
                  </Button>
                  <Button variant="outline" size="sm" disabled={page * log.pageSize >= log.total} onClick={() => setPage(page + 1)}>
                    {t('webhookLogOlder')}
                  </Button>
                </div>
              ) : null}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** Adds an endpoint (webhook null) or changes one. */
function WebhookDialog({ projectId, webhook, onClose }: { projectId: string; webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation(['ProjectDetail', 'Modal']);
  const create = useCreateWebhook(projectId);
  const update = useUpdateWebhook(projectId);
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? []);
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const pending = create.isPending || update.isPending;

  const toggle = (event: WebhookEvent) =>
    setEvents(events.includes(event) ? events.filter((e) => e !== event) : [...events, event]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(false);
    const problems: Record<string, string> = {};
    if (!URL.canParse(url.trim())) problems.url = t('webhookUrlInvalid');
    if (events.length === 0) problems.events = t('webhookEventsRequired');
    setFields(problems);
    if (Object.keys(problems).length > 0) return;
    const input = { url: url.trim(), events, description: description.trim(), enabled };
    try {
      if (webhook) await update.mutateAsync({ id: webhook.id, ...input });
      else await create.mutateAsync(input);
      toast.success(webhook ? t('webhookSaved') : t('webhookAdded'));
      onClose();
    } catch (error) {
      if (isApiError(error, 'validation') && Object.keys(error.fields).length > 0) setFields({ ...error.fields });
      else {
        console.error(error);
        setFailed(true);
      }
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={webhook ? t('webhookEditTitle') : t('webhookAddTitle')}
        closeLabel={t('close', { ns: 'Modal' })}
        className="max-w-lg"
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          {failed ? <FormAlert>{t('webhookActionFailed')}</FormAlert> : null}
          <Field label={t('webhookUrl')} hint={t('webhookUrlHint')} error={fields.url} required>
            <Input
              type="url"
              inputMode="url"
              value={url}
              maxLength={WEBHOOK_LIMITS.urlLength}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://"
            />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={fields.events ? 'webhook-events-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('webhookEvents')}</legend>
            {OFFERED_EVENTS.map((event) => (
              <label key={event} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-[var(--primary)]"
                  checked={events.includes(event)}
                  onChange={() => toggle(event)}
                />
                <span>
                  <code className="break-all">{event}</code>
                  <span className="block text-muted-foreground">{t(EVENT_TEXT[event])}</span>
                </span>
              </label>
            ))}
            {fields.events ? (
              <p id="webhook-events-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
                {fields.events}
              </p>
            ) : null}
          </fieldset>
          <Field label={t('webhookDescription')} error={fields.description}>
            <Input value={description} maxLength={WEBHOOK_LIMITS.descriptionLength} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-[var(--primary)]" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            {t('webhookEnabledLabel')}
          </label>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner className="size-4" /> : null}
              {webhook ? t('webhookSave') : t('webhookAdd')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

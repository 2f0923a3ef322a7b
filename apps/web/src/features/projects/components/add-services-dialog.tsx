import type { Project } from '@portal/contract/project';
import type { ServiceSummary } from '@portal/contract/service';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { useLanguage } from '@/hooks/use-language';
import { truncate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useAddLicences } from '../api/add-licence';
import { useServices } from '@/resources/services';
import { useServicePriceLines } from '@/hooks/use-service-prices';
import { ServiceLogo } from '@/components/service-logo';
import { NetPriceNote } from '@/components/net-price-note';
import { BillingMissingNote, isPaidService } from '@/components/billing/billing-missing-note';
import { useSession } from '@/hooks/use-session';
import { useBillingProfile } from '@/resources/billing';

/** Add services to the project; only services it does not hold yet are offered. */
export function AddServicesDialog({
  project,
  variant = 'primary',
}: {
  project: Project;
  variant?: 'primary' | 'outline';
}) {
  const { t } = useTranslation(['ProjectDetail', 'Modal', 'Notifications']);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Plus aria-hidden="true" />
          {t('addServices')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('addServicesTitle', { ns: 'Modal' })}
        description={t('addServicesText')}
        closeLabel={t('close', { ns: 'Modal' })}
        className="sm:max-w-xl"
      >
        {open ? <ServicePicker project={project} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ServicePicker({ project, onDone }: { project: Project; onDone: () => void }) {
  const { t } = useTranslation('General');
  const services = useServices();
  const pending = (
    <div role="status" aria-label={t('loading')} className="grid gap-2">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-16" />
      ))}
    </div>
  );
  return (
    <QueryState query={services} pending={pending}>
      {(list) => <ServiceChoice project={project} services={list} onDone={onDone} />}
    </QueryState>
  );
}

function ServiceChoice({
  project,
  services,
  onDone,
}: {
  project: Project;
  services: readonly ServiceSummary[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['ProjectDetail', 'Modal', 'Notifications', 'Card']);
  const language = useLanguage();
  const addLicences = useAddLicences();
  const [selected, setSelected] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  // The owner pays (docs/domain.md#ownership): without their billing profile the dialog asks for
  // it when paid services are on offer; adding them still works (the invoice run lists the
  // customers it misses, docs/billing.md#billing-profile).
  const session = useSession();
  const isOwner = project.role === 'owner';
  const billing = useBillingProfile(session?.oid ?? '', isOwner);
  const billingMissing = isOwner && billing.data === null;

  const licensed = new Set(project.licences.map((licence) => licence.service.id));
  const available = services.filter((service) => !licensed.has(service.id));

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((s) => s !== id) : [...current, id]));

  const submit = async () => {
    setFailed(false);
    try {
      await addLicences.mutateAsync({ projectId: project.id, serviceIds: selected });
      onDone();
      toast.success(t('servicesAdded', { count: selected.length }));
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {available.length === 0 ? (
        <p className="rounded-lg bg-muted px-4 py-3 text-sm">{t('noServicesLeft', { ns: 'Modal' })}</p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t('availableServices')}</legend>
          <ul className="grid gap-2">
            {available.map((service) => {
              const checked = selected.includes(service.id);
              const id = `add-service-${service.id}`;
              return (
                <li key={service.key}>
                  <label
                    htmlFor={id}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <ServiceLogo src={service.logo} size={36} className="size-9 shrink-0 rounded-lg" />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium">{localized(service.name, language)}</span>
                      <span className="text-sm text-muted-foreground">
                        {truncate(localized(service.descriptionShort, language), 90)}
                      </span>
                      <ServicePrice service={service} />
                    </span>
                    {/* The browser's own checkbox: its keyboard use and focus ring need no imitation. */}
                    <input
                      id={id}
                      type="checkbox"
                      className="size-5 shrink-0 cursor-pointer accent-primary"
                      checked={checked}
                      onChange={() => toggle(service.id)}
                    />
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {billingMissing && available.some(isPaidService) ? <BillingMissingNote onNavigate={onDone} /> : null}
      {failed ? <FormAlert>{t('addFailed')}</FormAlert> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
        </DialogClose>
        {available.length > 0 ? (
          <Button
            type="submit"
            disabled={selected.length === 0 || addLicences.isPending}
          >
            {addLicences.isPending ? <Spinner className="size-4" /> : null}
            {selected.length > 0 ? t('addSelected', { count: selected.length }) : t('add')}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}

/** What adding the service will cost, so the project's costs bring no surprise. */
function ServicePrice({ service }: { service: ServiceSummary }) {
  const { t } = useTranslation('Card');
  const lines = useServicePriceLines(service);
  return (
    <span className="mt-1 text-sm font-medium tabular-nums">
      {lines.length > 0 ? (
        <>
          {lines.join(' · ')} · <NetPriceNote className="font-normal" />
        </>
      ) : (
        t('priceFree')
      )}
    </span>
  );
}

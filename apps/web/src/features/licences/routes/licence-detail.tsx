import type { Licence } from '@portal/contract/licence';
import { Info, PowerOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { useParams } from 'react-router';
import { Link } from '@/components/link';
import { Breadcrumb } from '@/components/breadcrumb';
import { GoneState } from '@/components/gone-state';
import { PageTitle } from '@/components/page-title';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { NotFoundError } from '@/lib/api-errors';
import { redirectToCanonical, useCanonicalPath } from '@/lib/canonical-path';
import { splitSlugId } from '@/lib/format';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { licenceQueryOptions, useLicence } from '@/resources/licences';
import { CodeBlock } from '../components/code-block';
import { LicenceMenu } from '../components/licence-menu';
import { LicenceSettingsForm } from '../components/licence-settings-form';
import { RemoveLicenceDialog } from '../components/remove-licence-dialog';
import { RotateKeyDialog } from '../components/rotate-key-dialog';
import { UsageAlertCard } from '../components/usage-alert-card';
import { UsageCard } from '../components/usage-card';
import { formatUntil } from '../utils/format-until';
import { ServiceLogo } from '@/components/service-logo';

/**
 * The service licence before entry. A wrong service name or project in the address is
 * corrected to the licence's own (another user's licence answers 404 → /404).
 */
export const licenceDetailLoader: RouteDataLoader = async (
  { queryClient, language },
  { params, request },
) => {
  if (!readSession()) return;
  const parsed = splitSlugId(params.licenceSlugId ?? '');
  if (!parsed) throw new NotFoundError();
  const licence = await queryClient.ensureQueryData(licenceQueryOptions(parsed.id));
  const serviceName = localized(licence.service.name, language());
  redirectToCanonical(request, paths.licence(licence.project, serviceName, licence.id));
};

/** /projects/{name}-{id}/{serviceName}-{licenceId}: usage, integration code and settings. */
export function LicenceDetailRoute() {
  const { t } = useTranslation('Licence');
  const { licenceSlugId = '' } = useParams();
  const licence = useLicence(splitSlugId(licenceSlugId)?.id ?? '');

  // Removed meanwhile (another tab): say so instead of a generic error.
  const gone = <GoneState title={t('goneTitle')} text={t('goneText')} back={t('backToProjects')} />;
  return (
    <QueryState query={licence} pending={<LicenceSkeleton />} gone={gone}>
      {(data) => <LicenceView licence={data} />}
    </QueryState>
  );
}

function LicenceView({ licence }: { licence: Licence }) {
  const { t } = useTranslation(['Licence', 'Navigation', 'Card']);
  const language = useLanguage();
  const [removeOpen, setRemoveOpen] = useState(false);
  // A viewer sees no write controls (docs/domain.md#ownership); the server refuses them anyway.
  const canEdit = licence.project.role !== 'viewer';
  const [rotateOpen, setRotateOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const serviceName = localized(licence.service.name, language);
  // The service's part of the slug follows the interface language.
  useCanonicalPath(paths.licence(licence.project, serviceName, licence.id));
  const hasSettings = canEdit && (licence.form ?? []).some((section) => section.fields.length > 0);
  const projectPath = paths.project(licence.project.name, licence.project.id);

  return (
    <div>
      <PageTitle title={`${serviceName} · ${licence.project.name}`} />
      <Breadcrumb
        items={[
          { label: t('projects', { ns: 'Navigation' }), to: paths.projects() },
          { label: licence.project.name, to: projectPath },
          { label: serviceName },
        ]}
      />
      <header className="mb-6 flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-4">
          <ServiceLogo
            src={licence.service.logo}
            size={56}
            className="hidden size-14 shrink-0 rounded-xl sm:block"
          />
          <div className="flex min-w-0 flex-col gap-2">
            <p className="text-sm font-medium text-muted-foreground">
              <Link to={projectPath} className="rounded hover:text-foreground hover:underline">
                {licence.project.name}
              </Link>
            </p>
            {/* text-xl on a phone: beside the menu button, the longest service name
                ("PLZ-Autovervollständigung") still fits on its line, unbroken. */}
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 text-xl font-semibold tracking-tight sm:text-4xl">{serviceName}</h1>
              {licence.online ? null : <Badge tone="warning">{t('inactive')}</Badge>}
            </div>
            <p className="text-muted-foreground">{t('owner', { owner: licence.project.owner })}</p>
            {licence.service.hasApiReference ? (
              <p className="text-sm">
                <Link
                  to={paths.serviceApi(serviceName, licence.service.id)}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  {t('apiReference')}
                </Link>
              </p>
            ) : null}
          </div>
        </div>
        {canEdit ? (
          <LicenceMenu
            licence={licence}
            buttonRef={menuButton}
            onRotateKey={() => setRotateOpen(true)}
            onRemove={() => setRemoveOpen(true)}
          />
        ) : null}
      </header>

      {licence.online ? null : (
        <div className="mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <PowerOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{t('offlineNotice')}</p>
        </div>
      )}

      <Tabs defaultValue="general">
        <TabsList aria-label={serviceName}>
          <TabsTrigger value="general">{t('tabGeneral')}</TabsTrigger>
          {hasSettings ? <TabsTrigger value="settings">{t('tabSettings')}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="general" className="flex flex-col gap-6">
          {licence.service.accounting === 'monthly' ? (
            <p className="flex items-start gap-3 rounded-xl border border-border bg-card p-5 text-sm text-muted-foreground shadow-xs">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('monthlyNote')}
            </p>
          ) : (
            <UsageCard licence={licence} />
          )}
          {/* A flat fee does not depend on the calls: an alert about them would only confuse. */}
          {canEdit && licence.service.accounting !== 'monthly' ? <UsageAlertCard licence={licence} /> : null}
          <section aria-labelledby="licence-integration" className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <h2 id="licence-integration" className="text-lg font-semibold">
                {t('integrationSection')}
              </h2>
              <p className="text-sm text-muted-foreground">
                {t('licenceKey')}:{' '}
                <code
                  data-testid="licence-key"
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-[13px] break-all text-foreground"
                >
                  {licence.licenceKey}
                </code>
              </p>
              {licence.previousKeyValidUntil ? (
                <p className="text-sm text-muted-foreground">
                  {t('previousKeyValid', { until: formatUntil(licence.previousKeyValidUntil) })}
                </p>
              ) : null}
            </div>
            <CodeBlock
              title={t('integrationTitle')}
              hint={t('codeHint')}
              code={licence.jsServiceCode}
              type={licence.jsServiceCodeType}
            />
            {licence.serviceCodeBackend ? (
              <CodeBlock
                title={t('backendTitle')}
                hint={t('backendHint')}
                code={licence.serviceCodeBackend}
                type="php"
              />
            ) : null}
          </section>
        </TabsContent>
        {hasSettings ? (
          <TabsContent value="settings">
            <LicenceSettingsForm licence={licence} />
          </TabsContent>
        ) : null}
      </Tabs>

      <RotateKeyDialog
        licence={licence}
        serviceName={serviceName}
        open={rotateOpen}
        onOpenChange={setRotateOpen}
        returnFocus={() => menuButton.current?.focus()}
      />
      <RemoveLicenceDialog
        licence={licence}
        serviceName={serviceName}
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        returnFocus={() => menuButton.current?.focus()}
      />
    </div>
  );
}

function LicenceSkeleton() {
  const { t } = useTranslation('General');
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-[430px] rounded-xl" />
    </div>
  );
}

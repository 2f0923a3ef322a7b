import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLanguage } from '@/hooks/use-language';
import { NotFoundError } from '@/lib/api-errors';
import { splitSlugId } from '@/lib/format';
import { localized } from '@/lib/localized';
import type { RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import { licenceQueryOptions, useLicence } from '../api/get-licence';

/** Spec §2: the service licence before entry. */
export const licenceDetailLoader: RouteDataLoader = async ({ queryClient }, { params }) => {
  if (!readSession()) return;
  const parsed = splitSlugId(params.licenceSlugId ?? '');
  if (!parsed) throw new NotFoundError();
  await queryClient.ensureQueryData(licenceQueryOptions(parsed.id));
};

/** /projects/{name}-{id}/{serviceName}-{licenceId}: plain for now (usage, code, settings later). */
export function LicenceDetailRoute() {
  const { licenceSlugId = '' } = useParams();
  const { data: licence } = useLicence(splitSlugId(licenceSlugId)?.id ?? '');
  const { t } = useTranslation('Licence');
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-3xl font-semibold tracking-tight">{localized(licence.service.name, language)}</h1>
      {licence.online ? null : (
        <p>
          <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{t('inactive')}</span>
        </p>
      )}
    </div>
  );
}

import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { serviceSummaryColumns } from '../catalogue/catalogue.repository.js';

// The licences a project shows (its card and page): read by the project module, below the
// licence module, which builds on projects.

const liveLicencesOfProjects = preparedQuery((db: Db, projectIds: readonly string[], month: string) =>
  db
    .selectFrom('serviceLicence')
    .innerJoin('service', 'service.id', 'serviceLicence.serviceId')
    .leftJoin('usageMonthly', (join) =>
      join.onRef('usageMonthly.licenceId', '=', 'serviceLicence.id').on('usageMonthly.month', '=', month),
    )
    .select(serviceSummaryColumns)
    .select([
      'serviceLicence.id as licenceId',
      'serviceLicence.projectId as projectId',
      'serviceLicence.online as online',
      'serviceLicence.createdAt as licenceCreatedAt',
      'usageMonthly.count as callsInMonth',
    ])
    .where('serviceLicence.projectId', 'in', projectIds)
    .where('serviceLicence.deletedAt', 'is', null)
    .orderBy('serviceLicence.createdAt')
    .orderBy('serviceLicence.id'),
);

/**
 * Live licences of the given projects with their services' summaries and their calls in the
 * calendar month ('YYYY-MM'), oldest first.
 */
export async function listLiveLicencesOfProjects(db: Db, projectIds: readonly string[], month: string) {
  if (projectIds.length === 0) return [];
  return liveLicencesOfProjects(db, projectIds, month);
}

import type { Db } from '../../db/database.js';

/**
 * Licences with their services' names, oldest first: the columns that a project's licence
 * lists share (the admin's customer view, the usage export and the costs). Callers add their
 * own columns and conditions.
 */
export const licencesWithServiceNames = (db: Db) =>
  db
    .selectFrom('serviceLicence')
    .innerJoin('service', 'service.id', 'serviceLicence.serviceId')
    .select([
      'serviceLicence.id',
      'serviceLicence.projectId',
      'serviceLicence.serviceId',
      'serviceLicence.licenceKey',
      'serviceLicence.createdAt',
      'service.nameDe',
      'service.nameEn',
    ])
    .orderBy('serviceLicence.createdAt')
    .orderBy('serviceLicence.id');

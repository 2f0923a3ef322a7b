import type { Kysely } from 'kysely';
import type { Project, ProjectCreate, ProjectPatch } from '@portal/contract/project';
import type { Database, PersonRow } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { currentMonth } from '../../lib/period.js';
import { nowIso } from '../../lib/time.js';
import { toServiceSummary } from '../catalogue/catalogue.mapper.js';
import { listLiveLicencesOfProjects } from '../licence/licence.repository.js';
import { displayName } from '../person/person.mapper.js';
import {
  findLiveProjectOfOwner,
  insertProject,
  listLiveProjectsOfOwner,
  softDeleteProject,
  updateLiveProject,
  type ProjectWithOwner,
} from './project.repository.js';

const firstLine = (text: string): string => {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 90 ? `${line.slice(0, 87)}…` : line;
};

const unique = (list: string[]): string[] => [...new Set(list.map((d) => d.toLowerCase()))];

/** Projects with their live licences and this month's calls, in two queries for any count. */
async function withLicences(db: Kysely<Database>, projects: ProjectWithOwner[]): Promise<Project[]> {
  const month = currentMonth();
  const licences = await listLiveLicencesOfProjects(
    db,
    projects.map((p) => p.id),
    month.from.slice(0, 7),
  );
  return projects.map((p) => ({
    key: p.id,
    id: p.id,
    name: p.name,
    description: p.description,
    descriptionShort: firstLine(p.description),
    projectOwner: {
      oid: p.ownerId,
      name: displayName({ firstname: p.ownerFirstname, lastname: p.ownerLastname, email: p.ownerEmail }),
    },
    domainsProduction: JSON.parse(p.domainsProduction) as string[],
    domainsSandbox: JSON.parse(p.domainsSandbox) as string[],
    licences: licences
      .filter((l) => l.projectId === p.id)
      .map((l) => ({
        key: l.licenceId,
        id: l.licenceId,
        service: toServiceSummary(l),
        online: l.online === 1,
        calls: { total: Number(l.callsInMonth ?? 0), from: month.from, to: month.to },
        createdAt: l.licenceCreatedAt,
      })),
    createdAt: p.createdAt,
    lastModified: p.updatedAt,
  }));
}

export async function listProjectsOfOwner(db: Kysely<Database>, user: PersonRow): Promise<Project[]> {
  return withLicences(db, await listLiveProjectsOfOwner(db, user.id));
}

/** The caller's own live project; any other id answers 404 (not 403: existence is not revealed). */
export async function requireOwnProject(db: Kysely<Database>, user: PersonRow, id: string): Promise<ProjectWithOwner> {
  const project = await findLiveProjectOfOwner(db, id, user.id);
  if (!project) throw notFound();
  return project;
}

export async function getOwnProject(db: Kysely<Database>, user: PersonRow, id: string): Promise<Project> {
  const [project] = await withLicences(db, [await requireOwnProject(db, user, id)]);
  if (!project) throw notFound();
  return project;
}

export async function createProject(db: Kysely<Database>, user: PersonRow, input: ProjectCreate): Promise<Project> {
  const id = newId();
  await insertProject(db, {
    id,
    ownerId: user.id,
    name: input.name,
    description: input.description,
    domainsProduction: unique(input.domainsProduction ?? []),
    domainsSandbox: unique(input.domainsSandbox ?? []),
    now: nowIso(),
  });
  return getOwnProject(db, user, id);
}

export async function patchProject(
  db: Kysely<Database>,
  user: PersonRow,
  id: string,
  input: ProjectPatch,
): Promise<Project> {
  await requireOwnProject(db, user, id);
  const changed = await updateLiveProject(db, id, {
    ...input,
    ...(input.domainsProduction ? { domainsProduction: unique(input.domainsProduction) } : {}),
    ...(input.domainsSandbox ? { domainsSandbox: unique(input.domainsSandbox) } : {}),
    now: nowIso(),
  });
  if (!changed) throw notFound(); // deleted meanwhile
  return getOwnProject(db, user, id);
}

export async function deleteProject(db: Kysely<Database>, user: PersonRow, id: string): Promise<void> {
  await requireOwnProject(db, user, id);
  const deleted = await db.transaction().execute((trx) => softDeleteProject(trx, id, nowIso()));
  if (!deleted) throw notFound(); // deleted meanwhile by a parallel call
}

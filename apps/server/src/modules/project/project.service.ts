import type { Kysely } from 'kysely';
import type { Project, ProjectCreate, ProjectPatch, ProjectRole } from '@portal/contract/project';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { roleChecked } from '../../plugins/access.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { currentMonth } from '../../lib/period.js';
import { nowIso } from '../../lib/time.js';
import { toServiceSummary } from '../catalogue/catalogue.mapper.js';
import { listLiveLicencesOfProjects } from './project-licences.repository.js';
import { displayName } from '../person-record/person.mapper.js';
import {
  findLiveProjectOfPerson,
  insertProject,
  listLiveProjectsOfPerson,
  softDeleteProject,
  updateLiveProject,
  type ProjectWithOwner,
} from './project.repository.js';
import type { SessionPerson } from '../auth/session.repository.js';

const firstLine = (text: string): string => {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 90 ? `${line.slice(0, 87)}…` : line;
};

const unique = (list: string[]): string[] => [...new Set(list.map((d) => d.toLowerCase()))];

/** Projects with their live licences and this month's calls, in two queries for any count. */
async function withLicences(db: Kysely<Database>, projects: ProjectWithRole[], now: Date): Promise<Project[]> {
  const month = currentMonth(now);
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
    role: p.role,
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

/** A project with the caller's role in it. */
export type ProjectWithRole = ProjectWithOwner & { role: ProjectRole };

const roleRank: Record<ProjectRole, number> = { viewer: 0, editor: 1, owner: 2 };

/** Whether `role` allows what `needed` allows (an owner may everything an editor may, …). */
export const roleAtLeast = (role: ProjectRole, needed: ProjectRole): boolean =>
  roleRank[role] >= roleRank[needed];

const withRole = (project: ProjectWithOwner, personId: string): ProjectWithRole => ({
  ...project,
  role: project.ownerId === personId ? 'owner' : (project.memberRole ?? 'viewer'),
});

/** Projects the person owns or is a member of, with their role in each. */
export async function listProjectsOfPerson(db: Kysely<Database>, user: SessionPerson, now: Date): Promise<Project[]> {
  const rows = await listLiveProjectsOfPerson(db, user.id);
  return withLicences(
    db,
    rows.map((row) => withRole(row, user.id)),
    now,
  );
}

/**
 * The one access check of a project and everything in it (docs/domain.md#ownership): the live
 * project with the caller's role when they hold at least `needed`. Someone who is not a member
 * gets 404, not 403 (existence is not revealed); a member below `needed` gets 403.
 */
export async function requireProjectRole(
  db: Kysely<Database>,
  user: SessionPerson,
  projectId: string,
  needed: ProjectRole,
): Promise<ProjectWithRole> {
  const found = await findLiveProjectOfPerson(db, projectId, user.id);
  if (!found) throw notFound();
  const project = withRole(found, user.id);
  if (!roleAtLeast(project.role, needed)) throw forbidden();
  return project;
}

/** The project of a route declared with `role: { project }`, with the caller's role in it. */
export const projectOf = (request: FastifyRequest): Promise<ProjectWithRole> => roleChecked<ProjectWithRole>(request);

/** A project as the API shows it to the caller (whose role was checked by requireProjectRole). */
export async function showProject(db: Kysely<Database>, user: SessionPerson, id: string, now: Date): Promise<Project> {
  const found = await findLiveProjectOfPerson(db, id, user.id);
  if (!found) throw notFound(); // deleted or left meanwhile
  const [shown] = await withLicences(db, [withRole(found, user.id)], now);
  if (!shown) throw notFound();
  return shown;
}

export async function createProject(
  db: Kysely<Database>,
  user: SessionPerson,
  input: ProjectCreate,
  now: Date,
): Promise<Project> {
  const id = newId();
  await insertProject(db, {
    id,
    ownerId: user.id,
    name: input.name,
    description: input.description,
    domainsProduction: unique(input.domainsProduction ?? []),
    domainsSandbox: unique(input.domainsSandbox ?? []),
    now: nowIso(now),
  });
  return showProject(db, user, id, now);
}

/** Changes a project; the caller was checked as editor or owner. */
export async function patchProject(
  db: Kysely<Database>,
  user: SessionPerson,
  project: ProjectWithRole,
  input: ProjectPatch,
  now: Date,
): Promise<Project> {
  const changed = await updateLiveProject(db, project.id, {
    ...input,
    ...(input.domainsProduction ? { domainsProduction: unique(input.domainsProduction) } : {}),
    ...(input.domainsSandbox ? { domainsSandbox: unique(input.domainsSandbox) } : {}),
    now: nowIso(now),
  });
  if (!changed) throw notFound(); // deleted meanwhile
  return showProject(db, user, project.id, now);
}

/** Deletes a project; the caller was checked as its owner. */
export async function deleteProject(db: Kysely<Database>, project: ProjectWithRole, now: Date): Promise<void> {
  const deleted = await db.transaction().execute((trx) => softDeleteProject(trx, project.id, nowIso(now)));
  if (!deleted) throw notFound(); // deleted meanwhile by a parallel call
}

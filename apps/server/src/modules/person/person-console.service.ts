import type { Kysely } from 'kysely';
import type {
  AdminInvite,
  AdminPerson,
  AdminPersonListQuery,
  AdminPersonPage,
  AdminPersonPatch,
} from '@portal/contract/admin-person';
import { adminInviteSchema } from '@portal/contract/admin-person';
import type { Database, Db, PersonRow } from '../../db/database.js';
import { conflict, HttpError, notFound } from '../../lib/http-error.js';
import { pageOf } from '../../lib/paging.js';
import { inviteAccount, mailPasswordReset, type AccountLinks } from '../account/account.service.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { customersQuery, projectsOfCustomer } from './person-admin.repository.js';
import { changeAccount } from './person-admin.service.js';
import { toAccount } from '../person-record/person.mapper.js';
import { findPerson } from '../person-record/person.repository.js';

// The customers area of the admin console (docs/admin.md#customers). The rules of an account
// change (last admin, sessions end) are those of the command line, in person-admin.service.ts;
// this adds the console's shapes and its audit entries, written in the change's transaction.

const AUDIT_TYPE = 'person';

async function toAdminPerson(db: Db, row: PersonRow): Promise<AdminPerson> {
  const projects = await projectsOfCustomer(db, row.id);
  return {
    ...toAccount(row),
    verified: row.verified === 1,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
    projects: projects.map((project) => ({
      id: project.id,
      name: project.name,
      description: project.description,
      createdAt: project.createdAt,
      licences: project.licences.map((licence) => ({
        id: licence.id,
        serviceId: licence.serviceId,
        serviceName: { de: licence.nameDe, en: licence.nameEn },
        licenceKey: licence.licenceKey,
        online: licence.online === 1,
        createdAt: licence.createdAt,
      })),
    })),
  };
}

export async function listCustomers(
  db: Kysely<Database>,
  query: AdminPersonListQuery,
): Promise<AdminPersonPage> {
  const search = query.q?.trim();
  return pageOf(db, customersQuery(db, search || undefined), query, (row) => ({
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    company: row.company,
    isAdmin: row.isAdmin === 1,
    disabled: row.disabled === 1,
    verified: row.verified === 1,
    lastSignInAt: row.lastSignInAt,
    projects: Number(row.projects ?? 0),
    licences: Number(row.licences ?? 0),
  }));
}

async function requireCustomer(db: Db, id: string): Promise<PersonRow> {
  const person = await findPerson(db, id);
  if (!person || person.deletedAt !== null) throw notFound();
  return person;
}

export async function getCustomer(db: Kysely<Database>, id: string): Promise<AdminPerson> {
  return toAdminPerson(db, await requireCustomer(db, id));
}

function auditAction(before: PersonRow, after: PersonRow): string {
  const changed = (Object.keys(toAccount(before)) as (keyof ReturnType<typeof toAccount>)[]).filter(
    (key) => toAccount(before)[key] !== toAccount(after)[key],
  );
  if (changed.length === 1 && changed[0] === 'disabled') return after.disabled === 1 ? 'disable' : 'enable';
  if (changed.length === 1 && changed[0] === 'isAdmin')
    return after.isAdmin === 1 ? 'grant-admin' : 'revoke-admin';
  return 'update';
}

/**
 * Changes names, company, language, admin rights or the disabled state. Admins cannot disable
 * themselves; the last active admin who can sign in can be neither removed nor disabled. Nothing changed: no
 * audit entry.
 */
export async function patchCustomer(
  db: Kysely<Database>,
  by: AuditActor,
  id: string,
  patch: AdminPersonPatch & { salutation?: 'm' | 'f' | null; isAdmin?: boolean; disabled?: boolean },
): Promise<AdminPerson> {
  return db.transaction().execute(async (trx) => {
    const before = await requireCustomer(trx, id);
    if (patch.disabled === true && before.disabled === 0 && before.id === by.actor.id) {
      throw new HttpError(409, 'ownAccount', { disabled: 'invalid' });
    }
    const after = await changeAccount(
      trx,
      before,
      {
        salutation: patch.salutation,
        firstname: patch.firstname,
        lastname: patch.lastname,
        company: patch.company,
        language: patch.language,
        isAdmin: patch.isAdmin,
        disabled: patch.disabled,
      },
      by.at,
    );
    if (!after) return toAdminPerson(trx, before);
    await recordAudit(trx, {
      ...by,
      action: auditAction(before, after),
      objectType: AUDIT_TYPE,
      objectId: id,
      before: toAccount(before),
      after: toAccount(after),
    });
    return toAdminPerson(trx, after);
  });
}

/** Invites a new customer by mail (as the invitation command does), with its audit entry. */
export async function inviteCustomer(
  db: Kysely<Database>,
  links: AccountLinks,
  by: AuditActor,
  invite: AdminInvite,
): Promise<AdminPerson> {
  const parsed = adminInviteSchema.parse(invite);
  const person = await inviteAccount(db, links, parsed, by.at, async (trx, created) => {
    await recordAudit(trx, {
      ...by,
      action: 'invite',
      objectType: AUDIT_TYPE,
      objectId: created.id,
      before: null,
      after: toAccount(created),
    });
  });
  return toAdminPerson(db, person);
}

/** Mails the person a link to choose a new password; 409 where no link can be sent. */
export async function sendCustomerPasswordReset(
  db: Kysely<Database>,
  links: AccountLinks,
  by: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const person = await requireCustomer(trx, id);
    if (!(await mailPasswordReset(trx, links, person, by.at))) throw conflict();
    await recordAudit(trx, {
      ...by,
      action: 'password-reset',
      objectType: AUDIT_TYPE,
      objectId: id,
      before: null,
      after: null,
    });
  });
}

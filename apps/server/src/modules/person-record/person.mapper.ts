import type { Person } from '@portal/contract/person';
import type { PersonRow } from '../../db/database.js';

export const avatarUrl = (row: Pick<PersonRow, 'id' | 'avatarVersion'>): string | null =>
  row.avatarVersion > 0 ? `/rest/collection/person/${row.id}/avatar?v=${row.avatarVersion}` : null;

export function displayName(row: Pick<PersonRow, 'firstname' | 'lastname' | 'email'>): string {
  return `${row.firstname} ${row.lastname}`.trim() || row.email;
}

/**
 * An account as operators and admins read it (the command line's user list, the console's audit
 * entries): who it is and its flags, never the password hash or the avatar.
 */
export function toAccount(
  row: Pick<
    PersonRow,
    'id' | 'email' | 'salutation' | 'firstname' | 'lastname' | 'company' | 'language' | 'isAdmin' | 'disabled'
  >,
) {
  return {
    id: row.id,
    email: row.email,
    salutation: row.salutation,
    firstname: row.firstname,
    lastname: row.lastname,
    company: row.company,
    language: row.language,
    isAdmin: row.isAdmin === 1,
    disabled: row.disabled === 1,
  };
}

/** A person as a session knows them: every column but the avatar picture and the password hash. */
export type SessionPerson = Omit<PersonRow, 'avatarWebp' | 'passwordHash'>;

/** The public shape of a person: never the password hash or the avatar bytes. */
export function toPerson(row: SessionPerson): Person {
  return {
    key: row.id,
    id: row.id,
    oid: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    salutation: row.salutation,
    language: row.language,
    place: row.place,
    company: row.company,
    avatar: avatarUrl(row),
    lastModified: row.updatedAt,
    isAdmin: row.isAdmin === 1,
  };
}

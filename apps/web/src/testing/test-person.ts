import type { Person } from '@portal/contract/person';

/** The signed-in customer of the web tests (id `u1`), as GET /rest/collection/person/u1 answers. */
export const testPerson: Person = {
  key: 'u1',
  id: 'u1',
  oid: 'u1',
  email: 'dana@example.com',
  firstname: 'Dana',
  lastname: 'Demo',
  salutation: 'f',
  language: 'de',
  place: '',
  company: '',
  avatar: null,
  lastModified: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
};

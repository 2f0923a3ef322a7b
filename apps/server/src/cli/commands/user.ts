import { PASSWORD_LIMITS } from '@portal/contract/password';
import { newPersonSchema } from '@portal/contract/person';
import { HttpError } from '../../lib/http-error.js';
import { toAccount } from '../../modules/person-record/person.mapper.js';
import { accountLinks, inviteAccount } from '../../modules/account/account.service.js';
import {
  accountByEmail,
  addPerson,
  listAccounts,
  setAdmin,
  setDisabled,
  setPassword,
} from '../../modules/person/person-admin.service.js';
import {
  choiceOption,
  CliError,
  requiredOption,
  stringOption,
  usageError,
  type Command,
} from '../command.js';
import { withDatabase } from '../database.js';
import { resetSecondFactors } from '../../modules/mfa/mfa.service.js';
import { readPassword } from '../password-input.js';

const emailOption = {
  email: { type: 'string', value: 'E', description: 'e-mail address of the person' },
} as const;
const passwordNote = [
  'The password is read from standard input when it is not a terminal (first line), otherwise',
  'typed twice at a hidden prompt. It is never taken from the command line.',
];

/** One line for a refused change (the services answer with codes). */
function explain(error: unknown, email: string): never {
  if (!(error instanceof HttpError)) throw error;
  if (error.code === 'notFound') throw new CliError(`no person with the e-mail address ${email}`);
  if (error.code === 'emailTaken') throw new CliError(`${email} is already in use`);
  if (error.code === 'lastAdmin')
    throw new CliError(
      `${email} is the last admin who can sign in: make another person admin first (an invited admin counts once they have chosen a password)`,
    );
  if (error.code === 'validation') {
    const fields = Object.keys(error.fields ?? {});
    const names = fields.map((f) =>
      f === 'password'
        ? `password (${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters, one line, not the e-mail address, not a common one)`
        : `--${f}`,
    );
    throw usageError(`invalid ${names.join(', ') || 'input'}`);
  }
  throw new CliError(error.code);
}

/** Admins must have a second factor (docs/security.md#two-factor-sign-in). */
const adminMfaNote =
  'Admins need two-factor sign-in: with ADMIN_MFA=required (the default when NODE_ENV=production) every admin ' +
  'route answers 403 mfaRequired until they set up an authenticator app under Profile > Two-factor sign-in.';

const userAdd: Command = {
  name: 'user:add',
  summary:
    'Adds a person (a customer, or an admin with --admin) who can sign in at once, or invites them (--invite).',
  options: {
    ...emailOption,
    firstname: { type: 'string', value: 'F', description: 'first name' },
    lastname: { type: 'string', value: 'L', description: 'last name' },
    company: { type: 'string', value: 'C', description: 'company' },
    language: {
      type: 'string',
      value: 'de|en',
      description: 'language of the interface and of mails (default de)',
    },
    salutation: { type: 'string', value: 'm|f', description: 'salutation' },
    admin: { type: 'boolean', description: 'may read the usage and cost report and the mail outbox' },
    invite: {
      type: 'boolean',
      description: 'ask for no password: an invitation mail lets the person choose one (link valid 7 days)',
    },
  },
  notes: [
    ...passwordNote,
    'With --invite the invitation waits in the mail outbox until a running server (SMTP_URL) sends it;',
    'its link points at PUBLIC_URL.',
  ],
  async run(invocation) {
    const input = {
      email: requiredOption(invocation, 'email'),
      firstname: stringOption(invocation, 'firstname'),
      lastname: stringOption(invocation, 'lastname'),
      company: stringOption(invocation, 'company'),
      language: choiceOption(invocation, 'language', ['de', 'en'] as const),
      salutation: choiceOption(invocation, 'salutation', ['m', 'f'] as const),
      isAdmin: invocation.values.admin === true,
    };
    // Everything is checked before the password is asked for, so a typo costs no typing.
    const fields = newPersonSchema.omit({ password: true }).safeParse(input);
    if (!fields.success)
      explain(
        new HttpError(400, 'validation', { [String(fields.error.issues[0]?.path[0])]: 'invalid' }),
        input.email,
      );
    if (invocation.values.invite === true) {
      // Invitations follow the account module's rules, wherever a person is invited from.
      const config = invocation.config();
      if (config.production && !config.publicUrl) {
        throw new CliError('--invite needs PUBLIC_URL, the address the invitation link points at');
      }
      const links = accountLinks(config);
      await withDatabase(invocation, async ({ db }) => {
        const person = await inviteAccount(db, links, input, invocation.clock.now()).catch((error: unknown) =>
          explain(error, input.email),
        );
        invocation.print(
          `Invited ${person.isAdmin ? 'admin' : 'customer'} ${person.email} (id ${person.id}); the invitation mail is queued`,
        );
        if (person.isAdmin) invocation.print(adminMfaNote);
      });
      return;
    }
    await withDatabase(invocation, async ({ db }) => {
      if (await accountByEmail(db, input.email)) explain(new HttpError(409, 'emailTaken'), input.email);
      const password = await readPassword(invocation.io);
      const person = await addPerson(db, { ...input, password }, invocation.clock.now()).catch(
        (error: unknown) => explain(error, input.email),
      );
      invocation.print(`Added ${person.isAdmin ? 'admin' : 'customer'} ${person.email} (id ${person.id})`);
      if (person.isAdmin) invocation.print(adminMfaNote);
    });
  },
};

const userPasswd: Command = {
  name: 'user:passwd',
  summary: "Sets a person's password; every session of the person ends.",
  options: emailOption,
  notes: passwordNote,
  async run(invocation) {
    const email = requiredOption(invocation, 'email');
    await withDatabase(invocation, async ({ db }) => {
      if (!(await accountByEmail(db, email))) explain(new HttpError(404, 'notFound'), email);
      const password = await readPassword(invocation.io);
      await setPassword(db, email, password, invocation.clock.now()).catch((error: unknown) =>
        explain(error, email),
      );
    });
    invocation.print(`New password set for ${email.trim().toLowerCase()}; their sessions have ended`);
  },
};

const userAdmin: Command = {
  name: 'user:admin',
  summary: 'Grants (--on) or removes (--off) admin rights. The last admin who can sign in keeps them.',
  options: {
    ...emailOption,
    on: { type: 'boolean', description: 'make the person an admin' },
    off: { type: 'boolean', description: 'make the person a customer' },
  },
  async run(invocation) {
    const email = requiredOption(invocation, 'email');
    const { on, off } = invocation.values;
    if (on === off) throw usageError('give exactly one of --on and --off');
    const changed = await withDatabase(invocation, ({ db }) =>
      setAdmin(db, email, on === true, invocation.clock.now()),
    ).catch((error: unknown) => explain(error, email));
    const state = on ? 'an admin' : 'not an admin';
    invocation.print(changed ? `${email} is now ${state}` : `${email} was already ${state}`);
  },
};

function disableCommand(disabled: boolean): Command {
  return {
    name: disabled ? 'user:disable' : 'user:enable',
    summary: disabled
      ? 'Disables a person: they cannot sign in, their sessions and mailed links end at once. The last admin who can sign in stays.'
      : 'Lets a disabled person sign in again.',
    options: emailOption,
    async run(invocation) {
      const email = requiredOption(invocation, 'email');
      const changed = await withDatabase(invocation, ({ db }) =>
        setDisabled(db, email, disabled, invocation.clock.now()),
      ).catch((error: unknown) => explain(error, email));
      const state = disabled ? 'disabled' : 'enabled';
      invocation.print(changed ? `${email} is now ${state}` : `${email} was already ${state}`);
    },
  };
}

const userList: Command = {
  name: 'user:list',
  summary: 'Lists every person: e-mail, name, company, language, admin, disabled, created.',
  options: { json: { type: 'boolean', description: 'one JSON array instead of a table' } },
  async run(invocation) {
    const people = await withDatabase(invocation, ({ db }) => listAccounts(db));
    const rows = people.map((p) => ({ ...toAccount(p), createdAt: p.createdAt }));
    if (invocation.values.json) {
      invocation.print(JSON.stringify(rows, null, 2));
      return;
    }
    const table = [
      ['EMAIL', 'NAME', 'COMPANY', 'LANG', 'ADMIN', 'DISABLED', 'CREATED'],
      ...rows.map((r) => [
        r.email,
        `${r.firstname} ${r.lastname}`.trim(),
        r.company,
        r.language,
        r.isAdmin ? 'yes' : 'no',
        r.disabled ? 'yes' : 'no',
        r.createdAt.slice(0, 10),
      ]),
    ];
    const widths =
      table[0]?.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length))) ?? [];
    for (const row of table)
      invocation.print(
        row
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      );
  },
};

const userMfaReset: Command = {
  name: 'user:mfa-reset',
  summary:
    "Removes a person's second factors (authenticator app, recovery codes), e.g. after a lost phone; written to the audit log.",
  options: emailOption,
  notes: ['The person signs in with the password alone afterwards and can set up a new authenticator app.'],
  async run(invocation) {
    const email = requiredOption(invocation, 'email');
    const removed = await withDatabase(invocation, ({ db }) =>
      resetSecondFactors(db, email, new Date()),
    ).catch((error: unknown) => explain(error, email));
    const address = email.trim().toLowerCase();
    invocation.print(removed ? `Second factors of ${address} removed` : `${address} had no second factor`);
  },
};

export const userCommands: Command[] = [
  userAdd,
  userPasswd,
  userAdmin,
  disableCommand(true),
  disableCommand(false),
  userList,
  userMfaReset,
];

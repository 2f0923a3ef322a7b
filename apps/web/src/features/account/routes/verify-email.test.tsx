import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { VerifyEmailRoute } from './verify-email';

const token = 'T'.repeat(43);
const person = {
  id: 'p1',
  oid: 'p1',
  key: 'p1',
  email: 'jana@example.com',
  firstname: 'Jana',
  lastname: 'Journey',
  salutation: 'f',
  language: 'de',
  place: '',
  company: '',
  avatar: null,
  lastModified: '',
  isAdmin: false,
};

const wrongPassword = () =>
  HttpResponse.json(
    { error: { code: 'signupPasswordWrong', message: 'wrong', fields: { password: 'Ungültiger Wert' } } },
    { status: 400 },
  );
const linkInvalid = () =>
  HttpResponse.json({ error: { code: 'tokenInvalid', message: 'invalid' } }, { status: 400 });

/** The bodies POST /rest/auth/verify received, answered by `answer` in turn. */
function verifyAnswers(...answers: Array<() => Response>) {
  const sent: Array<Record<string, string>> = [];
  server.use(
    http.post('*/rest/auth/verify', async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return (answers[sent.length - 1] ?? answers.at(-1)!)();
    }),
    http.get('*/rest/collection/person/p1', () => HttpResponse.json(person)),
  );
  return sent;
}

// The texts the screen needs, so the wrong-password message shows with its number of tries.
const texts = [
  { namespace: 'Form', id: 'password', de: 'Passwort', en: 'Password' },
  {
    namespace: 'Error',
    id: 'signupPasswordWrong',
    de: 'Nicht das Passwort dieser Registrierung. Nach {{tries}} falschen Versuchen verfällt der Link.',
    en: 'Not this sign-up’s password. After {{tries}} wrong tries the link stops working.',
  },
];

async function openLink(path = `/verify-email?token=${token}`) {
  const rendered = await renderWithProviders(<VerifyEmailRoute />, { path, texts });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

describe('the confirmation screen of a sign-up', () => {
  it('asks for the password chosen at sign-up before confirming, then signs in and goes to the projects', async () => {
    const sent = verifyAnswers(() => HttpResponse.json({ token: 'session-token', oid: 'p1' }));
    const { router } = await openLink();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'verifyTitle' })).toBeInTheDocument();
    expect(screen.getByText('verifyLead')).toBeInTheDocument();
    // Nothing is sent before the password is typed.
    await user.click(screen.getByRole('button', { name: 'verifySubmit' }));
    expect(screen.getByLabelText('Passwort')).toHaveAccessibleDescription('required');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Passwort'), 'Mein erstes Passwort');
    await user.click(screen.getByRole('button', { name: 'verifySubmit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(sent).toEqual([{ token, password: 'Mein erstes Passwort' }]);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('session-token');
  });

  it('shows a wrong password at the field, with the tries a link has, and the link stays usable', async () => {
    const sent = verifyAnswers(wrongPassword, () => HttpResponse.json({ token: 'session-token', oid: 'p1' }));
    const { router } = await openLink();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Passwort');
    await user.type(password, 'a stranger’s guess');
    await user.click(screen.getByRole('button', { name: 'verifySubmit' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        'Nicht das Passwort dieser Registrierung. Nach 5 falschen Versuchen verfällt der Link.',
      ),
    );
    expect(password).toHaveFocus();
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();

    await user.clear(password);
    await user.type(password, 'Mein erstes Passwort');
    await user.click(screen.getByRole('button', { name: 'verifySubmit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(sent.map((body) => body.password)).toEqual(['a stranger’s guess', 'Mein erstes Passwort']);
  });

  it('a link that no longer works offers a new one', async () => {
    verifyAnswers(linkInvalid);
    await openLink();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Passwort'), 'Mein erstes Passwort');
    await user.click(screen.getByRole('button', { name: 'verifySubmit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'linkInvalidTitle' })).toHaveFocus();
    expect(screen.getByText('verifyInvalidText')).toBeInTheDocument();
  });

  it('to someone signed in, the link says at once that the address is already confirmed', async () => {
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    window.localStorage.setItem(storageKeys.oid, 'p1');
    const sent = verifyAnswers(linkInvalid);
    await openLink();
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'alreadyConfirmedTitle' })).toBeInTheDocument();
    expect(screen.getByText('alreadyConfirmedText')).toBeInTheDocument();
    expect(screen.queryByText('linkInvalidTitle')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'toProjects' })).toHaveAttribute('href', '/projects');
    expect(sent).toEqual([]);

    // A link of another address may still be confirmed; a used one then says the same.
    await user.click(screen.getByRole('button', { name: 'confirmOtherAddress' }));
    await user.type(screen.getByLabelText('Passwort'), 'Mein erstes Passwort');
    await user.click(screen.getByRole('button', { name: 'verifySubmit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'alreadyConfirmedTitle' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'confirmOtherAddress' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('a link without a usable token says so at once, and "already confirmed" to someone signed in', async () => {
    verifyAnswers(linkInvalid);
    const { unmount } = await openLink('/verify-email?token=nonsense');
    expect(screen.getByRole('heading', { level: 1, name: 'linkInvalidTitle' })).toBeInTheDocument();
    unmount();
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    window.localStorage.setItem(storageKeys.oid, 'p1');
    await openLink('/verify-email');
    expect(screen.getByRole('heading', { level: 1, name: 'alreadyConfirmedTitle' })).toBeInTheDocument();
  });
});

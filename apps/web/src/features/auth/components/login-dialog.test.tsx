import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { LoginDialog } from './login-dialog';

// Without texts the keys show (i18next returns the key): labels are 'username', 'password' …
async function renderDialog(path = '/services') {
  const onClose = vi.fn();
  const rendered = await renderWithProviders(<LoginDialog onClose={onClose} onLoggedIn={vi.fn()} />, {
    path,
  });
  const dialog = await screen.findByRole('dialog', { name: 'loginTitle' });
  return { ...rendered, dialog, onClose };
}

describe('LoginDialog: the ways out of a failed sign-in', () => {
  it('offers to resend the confirmation link to an address that is not confirmed yet', async () => {
    const resent: string[] = [];
    server.use(
      http.post('*/rest/auth', () =>
        HttpResponse.json({ error: { code: 'unverified', message: 'confirm first' } }, { status: 403 }),
      ),
      http.post('*/rest/auth/verify/resend', async ({ request }) => {
        resent.push(new URLSearchParams(await request.text()).get('email') ?? '');
        return HttpResponse.json({ success: 1 }, { status: 202 });
      }),
    );
    const { dialog } = await renderDialog();
    const user = userEvent.setup();
    expect(within(dialog).queryByRole('button', { name: 'resendVerification' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'username' }), ' new@example.com ');
    await user.type(within(dialog).getByLabelText('password'), 'a fresh passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'loginSubmit' }));

    const username = within(dialog).getByRole('textbox', { name: 'username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription('unverified'));
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'resendVerification' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('verificationResent');
    expect(resent).toEqual(['new@example.com']);
  });

  it('tells a disabled account so (the server says it only for the right password), not "wrong password"', async () => {
    server.use(
      http.post('*/rest/auth', () =>
        HttpResponse.json({ error: { code: 'accountDisabled', message: 'disabled' } }, { status: 403 }),
      ),
    );
    const { dialog } = await renderDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'username' }), 'gone@example.com');
    await user.type(within(dialog).getByLabelText('password'), 'the right passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'loginSubmit' }));
    const username = within(dialog).getByRole('textbox', { name: 'username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription('accountDisabled'));
    expect(within(dialog).queryByRole('button', { name: 'resendVerification' })).not.toBeInTheDocument();
  });

  it('marks both fields as required and sends nothing while one is empty', async () => {
    let asked = false;
    server.use(
      http.post('*/rest/auth', () => {
        asked = true;
        return HttpResponse.json({ error: { code: 'loginFailed', message: 'no' } }, { status: 401 });
      }),
    );
    const { dialog } = await renderDialog();
    const username = within(dialog).getByRole('textbox', { name: 'username' });
    const password = within(dialog).getByLabelText('password');
    expect(username).toBeRequired();
    expect(password).toBeRequired();
    expect(within(dialog).getByText('requiredNote')).toBeVisible();
    const user = userEvent.setup();
    await user.type(username, 'someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'loginSubmit' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('required'));
    expect(asked).toBe(false);
  });

  it('links to the forgotten-password screen and, while sign-up is open, to the sign-up', async () => {
    const { dialog, router, onClose } = await renderDialog();
    const signup = await within(dialog).findByRole('link', { name: 'signupLink' });
    expect(signup).toHaveAttribute('href', '/signup');
    const forgot = within(dialog).getByRole('link', { name: 'forgotPassword' });
    await userEvent.setup().click(forgot);
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows no sign-up entry when accounts come by invitation only', async () => {
    let asked = false;
    server.use(
      http.get('*/rest/config', () => {
        asked = true;
        return HttpResponse.json({ signup: 'invite' });
      }),
    );
    const { dialog } = await renderDialog();
    await waitFor(() => expect(asked).toBe(true));
    // Time for the answer to render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('link', { name: 'signupLink' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'forgotPassword' })).toBeInTheDocument();
  });
});

describe('LoginDialog: the second step of a person with a second factor', () => {
  const person = {
    key: 'u7',
    id: 'u7',
    oid: 'u7',
    email: 'mia@example.com',
    firstname: 'Mia',
    lastname: 'Demo',
    salutation: 'f',
    language: 'de',
    place: '',
    company: '',
    avatar: null,
    lastModified: '2026-01-01T00:00:00.000Z',
    isAdmin: false,
  };

  it('asks for the authenticator code after the password, shows a wrong code, and signs in with a recovery code', async () => {
    const second: Array<Record<string, string>> = [];
    server.use(
      http.post('*/rest/auth', () =>
        HttpResponse.json({ mfaRequired: true, mfaToken: 'mfa-1', methods: ['totp', 'recovery'] }),
      ),
      http.post('*/rest/auth/mfa', async ({ request }) => {
        const body = Object.fromEntries(new URLSearchParams(await request.text()));
        second.push(body);
        return body.recoveryCode === 'abcde-fghjk'
          ? HttpResponse.json({ token: 'tok-7', oid: 'u7' })
          : HttpResponse.json({ error: { code: 'mfaCodeWrong', message: 'wrong' } }, { status: 400 });
      }),
      http.get('*/rest/collection/person/u7', () => HttpResponse.json(person)),
    );
    const onLoggedIn = vi.fn();
    await renderWithProviders(<LoginDialog onClose={vi.fn()} onLoggedIn={onLoggedIn} />, {
      path: '/services',
    });
    const dialog = await screen.findByRole('dialog', { name: 'loginTitle' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'username' }), 'mia@example.com');
    await user.type(within(dialog).getByLabelText('password'), 'the right passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'loginSubmit' }));

    // No session after the password alone.
    const code = await within(dialog).findByRole('textbox', { name: 'mfaCodeLabel' });
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'mfaSubmit' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('mfaCodeWrong'));

    await user.click(within(dialog).getByRole('button', { name: 'mfaUseRecovery' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'mfaRecoveryLabel' }), 'abcde-fghjk');
    await user.click(within(dialog).getByRole('button', { name: 'mfaSubmit' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok-7');
    expect(second).toEqual([
      { mfaToken: 'mfa-1', code: '123456' },
      { mfaToken: 'mfa-1', recoveryCode: 'abcde-fghjk' },
    ]);
  });
});

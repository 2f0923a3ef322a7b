import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { requestContact, requestLogin } from '@/lib/app-events';
import { userKeys } from '@/lib/query-keys';
import { storageKeys } from '@/lib/storage';
import { useUser } from '@/resources/person';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { testPerson } from '@/testing/test-person';
import { AppDialogs } from './app-dialogs';

const person = testPerson;

// Without texts the keys show (i18next returns the key): labels are 'username', 'password' …
async function submitLogin(username: string, password: string) {
  const dialog = await screen.findByRole('dialog', { name: 'loginTitle' }, { timeout: 5000 });
  const user = userEvent.setup();
  await user.type(within(dialog).getByRole('textbox', { name: 'username' }), username);
  await user.type(within(dialog).getByLabelText('password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'loginSubmit' }));
  return dialog;
}

describe('AppDialogs: the login modal', () => {
  it('signs in with Basic credentials, stores the session and continues the pending navigation', async () => {
    let authorization: string | null = null;
    server.use(
      http.post('*/rest/auth', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ token: 'tok-1', oid: 'u1' });
      }),
      http.get('*/rest/collection/person/u1', ({ request }) =>
        request.headers.get('authorization') === 'Bearer tok-1'
          ? HttpResponse.json(person)
          : HttpResponse.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 }),
      ),
    );
    const { router, queryClient } = await renderWithProviders(<AppDialogs />, { path: '/services' });
    const onSuccess = vi.fn();
    act(() => requestLogin({ next: '/projects', onSuccess }));
    const dialog = await submitLogin('dana@example.com', 'geheim:1');

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(authorization).toBe(`Basic ${btoa('dana@example.com:geheim:1')}`);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok-1');
    expect(window.localStorage.getItem(storageKeys.oid)).toBe('u1');
    expect(queryClient.getQueryData(userKeys.one('u1'))).toMatchObject({ firstname: 'Dana' });
    expect(router.state.location.pathname).toBe('/projects');
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('loads the person once, also with a part of the page that shows the user', async () => {
    let loads = 0;
    server.use(
      http.post('*/rest/auth', () => HttpResponse.json({ token: 'tok-3', oid: 'u1' })),
      http.get('*/rest/collection/person/u1', () => {
        loads += 1;
        return HttpResponse.json(person);
      }),
    );
    // Like the top bar: appears with the session and reads the user.
    function UserName() {
      const user = useUser();
      return <p>{user.data?.firstname ?? '…'}</p>;
    }
    const { queryClient } = await renderWithProviders(
      <>
        <AppDialogs />
        <UserName />
      </>,
    );
    // As in the app (lib/query-client.ts): a fresh answer is not asked for again at once.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 } });
    act(() => requestLogin());
    await submitLogin('dana@example.com', 'pw');
    expect(await screen.findByText('Dana')).toBeInTheDocument();
    // Time for any second request to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(loads).toBe(1);
  });

  it('shows a failed login under the username field and keeps the dialog open', async () => {
    server.use(
      http.post('*/rest/auth', () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'nope' } }, { status: 401 }),
      ),
    );
    await renderWithProviders(<AppDialogs />, {
      texts: [
        {
          namespace: 'Error',
          id: 'loginFailed',
          de: 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
          en: 'x',
        },
      ],
    });
    const onSuccess = vi.fn();
    act(() => requestLogin({ onSuccess }));
    const dialog = await submitLogin('x@example.com', 'wrong');
    const username = within(dialog).getByRole('textbox', { name: 'username' });
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription('E-Mail-Adresse oder Passwort ist nicht korrekt.'),
    );
    expect(username).toHaveFocus();
    expect(dialog).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('stores no session when the person cannot be loaded after the login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('*/rest/auth', () => HttpResponse.json({ token: 'tok-2', oid: 'u2' })),
      http.get('*/rest/collection/person/u2', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }),
      ),
    );
    await renderWithProviders(<AppDialogs />);
    act(() => requestLogin());
    const dialog = await submitLogin('x@example.com', 'pw');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'username' })).toHaveAccessibleDescription(
        'generic',
      ),
    );
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.oid)).toBeNull();
  });

  it('requires both fields before calling the server', async () => {
    await renderWithProviders(<AppDialogs />);
    act(() => requestLogin());
    const dialog = await screen.findByRole('dialog', { name: 'loginTitle' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'loginSubmit' }));
    expect(await within(dialog).findAllByText('required')).toHaveLength(2);
  });
});

describe('AppDialogs: the contact modal', () => {
  function fields(dialog: HTMLElement) {
    return {
      firstname: within(dialog).getByRole('textbox', { name: 'firstname' }),
      lastname: within(dialog).getByRole('textbox', { name: 'lastname' }),
      email: within(dialog).getByRole('textbox', { name: 'email' }),
      terms: within(dialog).getByRole('checkbox', { name: 'terms' }),
      submit: within(dialog).getByRole('button', { name: 'contactSubmit' }),
    };
  }

  it('enables submit only when all is filled; success closes the modal', async () => {
    let body = '';
    server.use(
      http.post('*/rest/collection/contactform/send', async ({ request }) => {
        body = await request.text();
        return HttpResponse.json({ success: 1, msg: 'Danke!' });
      }),
    );
    await renderWithProviders(<AppDialogs />);
    act(() => requestContact());
    const dialog = await screen.findByRole('dialog', { name: 'contactTitle' }, { timeout: 5000 });
    const form = fields(dialog);
    const user = userEvent.setup();
    expect(form.submit).toBeDisabled();
    await user.type(form.firstname, 'Erika');
    await user.type(form.lastname, 'Muster');
    await user.type(form.email, 'erika@example.com');
    expect(form.submit).toBeDisabled();
    await user.click(form.terms);
    expect(form.submit).toBeEnabled();
    await user.click(form.submit);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(new URLSearchParams(body).get('subname')).toBe('Muster');
    expect(new URLSearchParams(body).get('terms')).toBe('true');
  });

  it('shows the server message when the request is refused', async () => {
    server.use(
      http.post('*/rest/collection/contactform/send', () =>
        HttpResponse.json({ success: 0, msg: 'Bitte prüfe deine Angaben.' }, { status: 400 }),
      ),
    );
    await renderWithProviders(<AppDialogs />);
    act(() => requestContact());
    const dialog = await screen.findByRole('dialog', { name: 'contactTitle' }, { timeout: 5000 });
    const form = fields(dialog);
    const user = userEvent.setup();
    await user.type(form.firstname, 'Erika');
    await user.type(form.lastname, 'Muster');
    await user.type(form.email, 'erika@localhost');
    await user.click(form.terms);
    await user.click(form.submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bitte prüfe deine Angaben.');
  });

  it('asks for an offer from the price page with the chosen package and a message', async () => {
    let body = new URLSearchParams();
    server.use(
      http.post('*/rest/collection/contactform/send', async ({ request }) => {
        body = new URLSearchParams(await request.text());
        return HttpResponse.json({ success: 1, msg: 'Danke!' });
      }),
    );
    await renderWithProviders(<AppDialogs />);
    act(() =>
      requestContact({
        topic: 'offer',
        packages: [
          { id: 'basic', name: { de: 'Basis', en: 'Basic' } },
          { id: 'pro', name: { de: 'Profi', en: 'Professional' } },
        ],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'offerTitle' }, { timeout: 5000 });
    const form = fields(dialog);
    const user = userEvent.setup();
    await user.type(form.firstname, 'Erika');
    await user.type(form.lastname, 'Muster');
    await user.type(form.email, 'erika@example.com');
    await user.click(form.terms);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'offerPackage' }), 'Profi');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'contactMessage' }),
      'Etwa sechs Millionen Aufrufe',
    );
    await user.click(form.submit);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(Object.fromEntries(body)).toMatchObject({
      topic: 'offer',
      packageId: 'pro',
      message: 'Etwa sechs Millionen Aufrufe',
    });
  });

  it('sends a question without topic or package, and a message when one is typed', async () => {
    let body = new URLSearchParams();
    server.use(
      http.post('*/rest/collection/contactform/send', async ({ request }) => {
        body = new URLSearchParams(await request.text());
        return HttpResponse.json({ success: 1, msg: 'Danke!' });
      }),
    );
    await renderWithProviders(<AppDialogs />);
    act(() => requestContact());
    const dialog = await screen.findByRole('dialog', { name: 'contactTitle' }, { timeout: 5000 });
    const form = fields(dialog);
    const user = userEvent.setup();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(form.submit).toHaveAccessibleDescription('missingFields');
    await user.type(form.firstname, 'Erika');
    await user.type(form.lastname, 'Muster');
    await user.type(form.email, 'erika@example.com');
    await user.click(form.terms);
    await user.type(within(dialog).getByRole('textbox', { name: 'contactMessage' }), 'Eine Frage');
    await user.click(form.submit);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(body.get('message')).toBe('Eine Frage');
    expect(body.has('topic')).toBe(false);
    expect(body.has('packageId')).toBe(false);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@portal/contract/project-member';
import type { Project } from '@portal/contract/project';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PrivacyCard } from './privacy-card';

// Without texts the keys show (i18next returns the key).

const signIn = () => {
  window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
  window.localStorage.setItem(storageKeys.oid, 'u1');
};

const project = (id: string, name: string, role: Project['role']): Project => ({
  key: id,
  id,
  name,
  description: 'd',
  descriptionShort: 'd',
  projectOwner: { oid: role === 'owner' ? 'u1' : 'u9', name: 'Owner' },
  role,
  domainsProduction: [],
  domainsSandbox: [],
  licences: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModified: '2026-01-01T00:00:00.000Z',
});

const member = (
  oid: string,
  name: string,
  role: Member['role'],
  state: Member['state'] = 'active',
): Member => ({
  person: { oid, name, email: `${oid}@example.com` },
  role,
  state,
});

afterEach(() => vi.restoreAllMocks());

describe('download my data', () => {
  it('fetches the ZIP with the session’s token and saves it under the server’s file name', async () => {
    signIn();
    const auth: string[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/export', ({ request }) => {
        auth.push(request.headers.get('authorization') ?? '');
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="portal-data-2026-11-27.zip"',
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderWithProviders(<PrivacyCard oid="u1" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'downloadData' }));
    await waitFor(() => expect(saved).toEqual(['portal-data-2026-11-27.zip']));
    expect(auth).toEqual(['Bearer tokentokentoken']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says so when the hourly limit is reached', async () => {
    signIn();
    server.use(
      http.get('*/rest/collection/person/u1/export', () =>
        HttpResponse.json(
          { error: { code: 'rateLimited', message: 'Zu viele' } },
          { status: 429, headers: { 'retry-after': '60' } },
        ),
      ),
    );
    await renderWithProviders(<PrivacyCard oid="u1" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'downloadData' }));
    expect(await screen.findByText('rateLimited')).toBeTruthy();
  });
});

describe('delete account', () => {
  it('lists the consequences and the shared project, hands it over, refuses a wrong password and then deletes with the right one', async () => {
    signIn();
    let owned = true;
    const handedOver: Array<{ personId: string; body: string }> = [];
    const deletions: unknown[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/project', () =>
        HttpResponse.json(
          owned
            ? [project('p1', 'Gemeinsames Projekt', 'owner'), project('p2', 'Allein', 'owner')]
            : [project('p2', 'Allein', 'owner')],
        ),
      ),
      http.get('*/rest/collection/person/u1/mfa', () =>
        HttpResponse.json({ totp: false, recoveryCodesLeft: 0, methods: [] }),
      ),
      http.get('*/rest/collection/project/p1/member', () =>
        HttpResponse.json([
          member('u1', 'Dana Demo', 'owner'),
          member('u2', 'Bob Berg', 'editor'),
          member('u3', 'Eve Invited', 'viewer', 'invited'),
        ]),
      ),
      http.get('*/rest/collection/project/p2/member', () =>
        HttpResponse.json([
          member('u1', 'Dana Demo', 'owner'),
          member('u4', 'Nur Eingeladen', 'viewer', 'invited'),
        ]),
      ),
      http.patch('*/rest/collection/project/p1/member/:personId', async ({ params, request }) => {
        handedOver.push({ personId: String(params.personId), body: await request.text() });
        owned = false;
        return HttpResponse.json([member('u2', 'Bob Berg', 'owner'), member('u1', 'Dana Demo', 'editor')]);
      }),
      http.delete('*/rest/collection/person/u1', async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        deletions.push(body);
        if (body.password !== 'richtig')
          return HttpResponse.json({ error: { code: 'pwWrong', message: 'falsch' } }, { status: 400 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderWithProviders(<PrivacyCard oid="u1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'deleteAccount' }));
    const dialog = await screen.findByRole('dialog');
    const consequences = within(dialog).getByTestId('delete-consequences');
    expect(within(consequences).getAllByRole('listitem')).toHaveLength(5);
    expect(consequences.textContent).toContain('deleteConsequenceKept');

    // Only the project with an active member must be handed over; invited people do not count.
    const shared = within(dialog).getByTestId('shared-projects');
    await waitFor(() => expect(within(shared).getAllByRole('listitem')).toHaveLength(1));
    expect(shared.textContent).toContain('Gemeinsames Projekt');
    expect(shared.textContent).not.toContain('Allein');
    const select = within(shared).getByRole('combobox', { name: 'handOverTo' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bob Berg']);
    await user.click(within(shared).getByRole('button', { name: 'handOver' }));
    await waitFor(() => expect(handedOver).toEqual([{ personId: 'u2', body: 'role=owner' }]));
    // Handed over: the project is no longer the person's own, so nothing is left to hand over.
    await waitFor(() =>
      expect(within(dialog).getByTestId('shared-projects').textContent).not.toContain('Gemeinsames'),
    );

    const password = within(dialog).getByLabelText(/deleteProofPassword/);
    await user.type(password, 'falsch');
    await user.click(within(dialog).getByRole('button', { name: 'deleteConfirm' }));
    expect(await within(dialog).findByText('pwWrong')).toBeTruthy();
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tokentokentoken');

    await user.clear(password);
    await user.type(password, 'richtig');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(deletions).toEqual([{ password: 'falsch' }, { password: 'richtig' }]));
    await waitFor(() => expect(window.localStorage.getItem(storageKeys.token)).toBeNull());
  });

  it('offers the authenticator code instead of the password when a second factor is on', async () => {
    signIn();
    const deletions: unknown[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/project', () => HttpResponse.json([])),
      http.get('*/rest/collection/person/u1/mfa', () =>
        HttpResponse.json({ totp: true, recoveryCodesLeft: 10, methods: ['totp', 'recovery'] }),
      ),
      http.delete('*/rest/collection/person/u1', async ({ request }) => {
        deletions.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderWithProviders(<PrivacyCard oid="u1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'deleteAccount' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'deleteProofUseCode' }));
    await user.type(within(dialog).getByLabelText(/deleteProofCode/), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'deleteConfirm' }));
    await waitFor(() => expect(deletions).toEqual([{ code: '123456' }]));
  });
});

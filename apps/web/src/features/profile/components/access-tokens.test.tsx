import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_LIMITS, dayAfter, type AccessToken } from '@portal/contract/access-token';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AccessTokens } from './access-tokens';

// Without texts the keys show (i18next returns the key).
const existing: AccessToken = {
  id: 'ci',
  name: 'CI pipeline',
  scope: 'read',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-12-31T23:59:59.999Z',
  lastUsedAt: null,
};
const utcToday = () => new Date().toISOString().slice(0, 10);

function signIn() {
  window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
  window.localStorage.setItem(storageKeys.oid, 'u1');
}

describe('the profile’s API tokens', () => {
  it('makes a token, shows it once with a copy button, and lists it', async () => {
    signIn();
    let list: AccessToken[] = [existing];
    const sent: unknown[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/token', () => HttpResponse.json(list)),
      http.post('*/rest/collection/person/u1/token', async ({ request }) => {
        const body = (await request.json()) as { name: string; scope: 'read' | 'write'; expiresOn: string };
        sent.push(body);
        const made = {
          id: 'new',
          name: body.name,
          scope: body.scope,
          createdAt: new Date().toISOString(),
          expiresAt: `${body.expiresOn}T23:59:59.999Z`,
          lastUsedAt: null,
        };
        list = [made, ...list];
        return HttpResponse.json({ ...made, token: 'pat_secretsecretsecret' }, { status: 201 });
      }),
    );
    await renderWithProviders(<AccessTokens oid="u1" />);
    const region = await screen.findByRole('region', { name: 'tokensTitle' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('CI pipeline');
    expect(items[0]!.textContent).toContain('tokenNeverUsed');

    const user = userEvent.setup();
    // Without a name nothing is sent.
    await user.click(within(region).getByRole('button', { name: 'tokenCreate' }));
    expect(await within(region).findByText('tokenNameProblem')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(region).getByRole('textbox', { name: 'tokenName' }), 'Deploy');
    await user.selectOptions(within(region).getByRole('combobox', { name: 'tokenScope' }), 'write');
    await user.selectOptions(within(region).getByRole('combobox', { name: 'tokenExpiry' }), '90');
    await user.click(within(region).getByRole('button', { name: 'tokenCreate' }));

    const shown = await within(region).findByTestId('created-token');
    expect(within(shown).getByTestId('token-value').textContent).toBe('pat_secretsecretsecret');
    expect(within(shown).getByText('tokenShownOnce')).toBeTruthy();
    expect(sent).toEqual([{ name: 'Deploy', scope: 'write', expiresOn: dayAfter(utcToday(), 90) }]);
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));

    await user.click(within(shown).getByRole('button', { name: 'tokenCopy' }));
    expect(await navigator.clipboard.readText()).toBe('pat_secretsecretsecret');

    // Once stored, the token is gone from the page for good.
    await user.click(within(shown).getByRole('button', { name: 'tokenStored' }));
    expect(within(region).queryByTestId('created-token')).toBeNull();
    expect(region.textContent).not.toContain('pat_secretsecretsecret');
  });

  it('refuses a chosen day more than a year ahead before sending', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/token', () => HttpResponse.json([])),
      http.post('*/rest/collection/person/u1/token', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await renderWithProviders(<AccessTokens oid="u1" />);
    const region = await screen.findByRole('region', { name: 'tokensTitle' });
    expect(await within(region).findByText('tokensNone')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(region).getByRole('textbox', { name: 'tokenName' }), 'Later');
    await user.selectOptions(within(region).getByRole('combobox', { name: 'tokenExpiry' }), 'date');
    const day = within(region).getByLabelText('tokenExpiryDay');
    await user.clear(day);
    await user.type(day, dayAfter(utcToday(), ACCESS_TOKEN_LIMITS.maxDays + 1));
    await user.click(within(region).getByRole('button', { name: 'tokenCreate' }));
    expect(await within(region).findByText('tokenExpiryDayProblem')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('revokes a token with the keyboard after confirming', async () => {
    signIn();
    let list: AccessToken[] = [existing, { ...existing, id: 'two', name: 'Backup', scope: 'write', lastUsedAt: '2026-11-25T10:00:00.000Z' }];
    const deleted: string[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/token', () => HttpResponse.json(list)),
      http.delete('*/rest/collection/person/u1/token/:id', ({ params }) => {
        deleted.push(String(params.id));
        list = list.filter((t) => t.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderWithProviders(<AccessTokens oid="u1" />);
    const region = await screen.findByRole('region', { name: 'tokensTitle' });
    const items = await within(region).findAllByRole('listitem');
    expect(items[1]!.textContent).toContain('tokenLastUsed');
    const user = userEvent.setup();
    within(items[1]!).getByRole('button', { name: 'tokenRevokeNamed' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    expect(deleted).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'tokenRevoke' }));
    await waitFor(() => expect(deleted).toEqual(['two']));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
  });

  it('offers no new token once the limit is reached', async () => {
    signIn();
    const full = Array.from({ length: ACCESS_TOKEN_LIMITS.perPerson }, (_, i) => ({ ...existing, id: `t${i}` }));
    server.use(http.get('*/rest/collection/person/u1/token', () => HttpResponse.json(full)));
    await renderWithProviders(<AccessTokens oid="u1" />);
    const region = await screen.findByRole('region', { name: 'tokensTitle' });
    expect(await within(region).findByText('tokensLimitReached')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'tokenCreate' })).toBeNull();
  });
});

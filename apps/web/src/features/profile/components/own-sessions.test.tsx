import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnSession } from '@portal/contract/session';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { OwnSessions } from './own-sessions';


// Without texts the keys show (i18next returns the key).
const sessions: OwnSession[] = [
  {
    id: 'here',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: '2026-11-26T10:00:00.000Z',
    browser: 'Firefox 128',
    system: 'Windows 10',
    address: '198.51.100.*',
    current: true,
  },
  {
    id: 'phone',
    createdAt: '2026-11-19T10:00:00.000Z',
    lastUsedAt: '2026-11-25T10:00:00.000Z',
    browser: null,
    system: 'iOS 17',
    address: '2001:db8:1:2:*',
    current: false,
  },
];

describe('the profile’s own sessions', () => {
  it('marks this device, and ends another session with the keyboard after confirming', async () => {
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    window.localStorage.setItem(storageKeys.oid, 'u1');
    let list = sessions;
    const deleted: string[] = [];
    server.use(
      http.get('*/rest/collection/person/u1/session', () => HttpResponse.json(list)),
      http.delete('*/rest/collection/person/u1/session/:id', ({ params }) => {
        deleted.push(String(params.id));
        list = list.filter((s) => s.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderWithProviders(<OwnSessions oid="u1" />);
    const region = await screen.findByRole('region', { name: 'sessionsTitle' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('sessionThisDevice')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]!.textContent).toContain('sessionUnknownBrowser · iOS 17');

    const user = userEvent.setup();
    within(items[1]!).getByRole('button').focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'sessionEnd' }));
    await waitFor(() => expect(deleted).toEqual(['phone']));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(within(region).getByText('sessionsNoOthers')).toBeTruthy();
  });
});

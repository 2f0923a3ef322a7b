import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/contract/admin-audit';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdminAuditRoute } from './admin-audit';

const entry: AuditEntry = {
  id: 'a1',
  at: '2026-03-02T10:00:00.000Z',
  actor: { id: 'admin1', email: 'admin@example.com' },
  action: 'update',
  objectType: 'service',
  objectId: 'captchaPro',
  before: {
    name: { de: 'Captcha', en: 'Captcha' },
    description: { de: '<p>Eins</p>\n<p>Zwei</p>', en: 'x' },
  },
  after: {
    name: { de: 'Captcha Pro', en: 'Captcha' },
    description: { de: '<p>Eins</p>\n<p>Drei</p>', en: 'x' },
  },
  requestId: 'req-1',
};

/** Signs in an admin; answers the audit log and records the queries it was asked. */
function adminWithAuditLog() {
  window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
  window.localStorage.setItem(storageKeys.oid, 'admin1');
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/rest/collection/person/admin1', () =>
      HttpResponse.json({
        id: 'admin1',
        oid: 'admin1',
        key: 'admin1',
        email: 'admin@example.com',
        firstname: 'A',
        lastname: 'A',
        salutation: null,
        language: 'de',
        place: '',
        company: '',
        avatar: null,
        lastModified: '',
        isAdmin: true,
      }),
    ),
    http.get('*/rest/collection/admin/audit', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: [entry], page: 1, pageSize: 25, total: 1 });
    }),
  );
  return queries;
}

// Without texts the keys show (i18next returns the key): labels are 'from', 'to' …
async function renderAudit(path = '/admin/audit') {
  const rendered = await renderWithProviders(
    <Routes>
      <Route path="/admin/audit" element={<AdminAuditRoute />} />
    </Routes>,
    { path },
  );
  await screen.findByText('admin@example.com');
  return rendered;
}

describe('the audit log', () => {
  it('shows a change field by field, with line breaks, not JSON with \\n escapes', async () => {
    adminWithAuditLog();
    await renderAudit();
    const user = userEvent.setup();
    await user.click(screen.getByText(/showChanges/));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'name.de',
      'description.de',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Captcha', 'Captcha Pro']);
    expect(table.textContent).not.toMatch(/\\n|[{}]/);
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).toBe('<p>Eins</p>\n<p>Drei</p>');
  });

  it('takes dates as DD.MM.YYYY, as the report does, and refuses what is no date', async () => {
    const queries = adminWithAuditLog();
    await renderAudit('/admin/audit?from=2026-03-01');
    const from = screen.getByRole('textbox', { name: 'from' });
    const to = screen.getByRole('textbox', { name: 'to' });
    // Text fields (not the browser's mm/dd/yyyy date field), the format as their hint.
    expect(from).toHaveAttribute('type', 'text');
    expect(from).toHaveValue('01.03.2026');
    expect(from).toHaveAccessibleDescription('dateFormat');

    const user = userEvent.setup();
    await user.type(to, '31.02.2026');
    await user.click(screen.getByRole('button', { name: 'apply' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription('dateFormat dateInvalid'));
    const asked = queries.length;

    await user.clear(to);
    await user.type(to, '15.3.2026');
    await user.click(screen.getByRole('button', { name: 'apply' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(asked));
    expect(queries.at(-1)?.get('from')).toBe('2026-03-01');
    expect(queries.at(-1)?.get('to')).toBe('2026-03-15');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createI18n } from '@/lib/i18n';
import { server } from './msw-server';

export interface TestText {
  namespace: string;
  id: string;
  de: string;
  en: string;
}

/** Renders `ui` at `path` with query cache, i18next (texts from `texts`) and a memory router. */
export async function renderWithProviders(ui: ReactElement, { texts = [] as TestText[], path = '/' } = {}) {
  server.use(
    http.get('*/rest/collection/translation', ({ request }) => {
      const asked = new URL(request.url).searchParams.getAll('namespace[]');
      return HttpResponse.json(
        texts
          .filter((t) => asked.includes(t.namespace))
          .map((t) => ({ ...t, key: `${t.namespace}.${t.id}` })),
      );
    }),
  );
  const { i18n, ready } = createI18n();
  await ready;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, i18n, queryClient, router };
}

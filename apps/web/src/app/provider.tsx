import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DeferredToaster } from './layout/deferred-toaster';

/** Everything screens rely on that is not routing: data cache, texts, notifications. */
export function AppProvider({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          {children}
          <DeferredToaster />
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

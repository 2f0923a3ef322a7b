import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingProfile, BillingProfileInput } from '@portal/contract/billing/billing-profile';
import type { SellerSettings, SellerSettingsInput } from '@portal/contract/billing/billing-settings';
import { billingKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { billingPaths } from '@/lib/rest-paths-signed-in';

// Billing data (docs/billing.md): the profile card, the admin's customer page and the add-service
// dialogs read a person's billing profile; the admin console's billing page the seller settings.

export const billingProfileQueryOptions = (oid: string) =>
  queryOptions({
    queryKey: billingKeys.profile(oid),
    queryFn: ({ signal }) => restClient.get<BillingProfile | null>(billingPaths.profile(oid), { signal }),
  });

/** The person's billing profile; data null while they have none. */
export function useBillingProfile(oid: string, enabled = true) {
  return useQuery({ ...billingProfileQueryOptions(oid), enabled: enabled && oid !== '' });
}

export function useSaveBillingProfile(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: BillingProfileInput) =>
      restClient.put<BillingProfile>(billingPaths.profile(oid), { json: values }),
    onSuccess: (profile) => queryClient.setQueryData(billingKeys.profile(oid), profile),
  });
}

export const sellerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.sellerSettings(),
    queryFn: ({ signal }) => restClient.get<SellerSettings | null>(billingPaths.sellerSettings(), { signal }),
  });

export function useSellerSettings() {
  return useQuery(sellerSettingsQueryOptions());
}

export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SellerSettingsInput) =>
      restClient.put<SellerSettings>(billingPaths.sellerSettings(), { json: values }),
    onSuccess: (settings) => queryClient.setQueryData(billingKeys.sellerSettings(), settings),
  });
}

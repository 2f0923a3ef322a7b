import { useMutation } from '@tanstack/react-query';
import type { Language } from '@portal/contract/common';
import { restClient } from '@/lib/rest-client';
import { accountPaths } from '@/lib/rest-paths-on-demand';

export interface SignUpRequest {
  salutation: '' | 'm' | 'f';
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  password: string;
  language: Language;
  terms: boolean;
}

/** POST /rest/signup: 202 for every well-formed form, whether or not the address is taken. */
export function signUp(request: SignUpRequest) {
  return restClient.post<{ success: 1 }>(accountPaths.signup(), { body: { ...request } });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

import { useMutation } from '@tanstack/react-query';
import type { ContactResponse } from '@portal/contract/contact';
import { restClient } from '@/lib/rest-client';
import { contactPath } from '@/lib/rest-paths-on-demand';

export interface ContactRequest {
  firstname: string;
  subname: string;
  email: string;
  terms: boolean;
  /** Left out when empty. */
  message?: string;
  topic?: 'question' | 'offer';
  /** The price package an offer is for; only with topic offer. */
  packageId?: string;
}

/**
 * POST /rest/collection/contactform/send. The answer is `{ success, msg }`, also for a
 * form the server refuses (400), because the modal shows `msg` either way.
 */
export function sendContactRequest(request: ContactRequest) {
  return restClient.post<ContactResponse>(contactPath(), {
    body: { ...request },
    answerStatuses: [400],
  });
}

export function useSendContactRequest() {
  return useMutation({ mutationFn: sendContactRequest });
}

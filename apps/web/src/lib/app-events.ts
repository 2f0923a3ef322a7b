// App-wide requests that any part of the app may make without importing the part that fulfils
// them (features never import each other; the app shell listens). The contact modal can also
// be opened from outside the app by a global DOM event; the login modal works the same way.

const LOGIN_EVENT = 'portal:login-request';
const CONTACT_EVENT = 'portal:contact-request';

/**
 * What the contact modal is opened for: absent, a question; `offer`, a request for an offer
 * (the price page), with the price packages to choose from.
 */
export interface ContactRequest {
  topic: 'offer';
  packages: ReadonlyArray<{ id: string; name: { de: string; en: string } }>;
}

export interface LoginRequest {
  /** Where to go after a successful login (e.g. '/projects'); stay on the page when absent. */
  next?: string;
  /** Called after a successful login, e.g. to open the add-to-project modal. */
  onSuccess?: () => void;
}

// A screen may ask in its first effect, before the shell's listener is subscribed (effects of
// earlier siblings run first). Such a request waits here and is handed to the first listener.
const listening = { login: 0, contact: 0 };
let waitingLogin: LoginRequest | null = null;
let waitingContact: { request: ContactRequest | undefined } | null = null;

export function requestLogin(request: LoginRequest = {}): void {
  if (listening.login === 0) {
    waitingLogin = request;
    return;
  }
  window.dispatchEvent(new CustomEvent<LoginRequest>(LOGIN_EVENT, { detail: request }));
}

export function onLoginRequest(listener: (request: LoginRequest) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LoginRequest>).detail);
  window.addEventListener(LOGIN_EVENT, handler);
  listening.login += 1;
  if (waitingLogin) {
    const request = waitingLogin;
    waitingLogin = null;
    listener(request);
  }
  return () => {
    window.removeEventListener(LOGIN_EVENT, handler);
    listening.login -= 1;
  };
}

export function requestContact(request?: ContactRequest): void {
  if (listening.contact === 0) {
    waitingContact = { request };
    return;
  }
  window.dispatchEvent(new CustomEvent<ContactRequest | undefined>(CONTACT_EVENT, { detail: request }));
}

/** The event from outside the app carries no detail: a question. */
export function onContactRequest(listener: (request: ContactRequest | undefined) => void): () => void {
  const handler = (event: Event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail;
    listener(isContactRequest(detail) ? detail : undefined);
  };
  window.addEventListener(CONTACT_EVENT, handler);
  listening.contact += 1;
  if (waitingContact) {
    const { request } = waitingContact;
    waitingContact = null;
    listener(request);
  }
  return () => {
    window.removeEventListener(CONTACT_EVENT, handler);
    listening.contact -= 1;
  };
}

function isContactRequest(detail: unknown): detail is ContactRequest {
  return (
    typeof detail === 'object' &&
    detail !== null &&
    (detail as { topic?: unknown }).topic === 'offer' &&
    Array.isArray((detail as { packages?: unknown }).packages)
  );
}

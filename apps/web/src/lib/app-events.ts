// App-wide requests that any part of the app may make without importing the part that fulfils
// them (features never import each other; the app shell listens). Spec §2: the contact modal
// "can also be opened from elsewhere by a global event"; the login modal works the same way.

const LOGIN_EVENT = 'portal:login-request';
const CONTACT_EVENT = 'portal:contact-request';

export interface LoginRequest {
  /** Where to go after a successful login (e.g. '/projects'); stay on the page when absent. */
  next?: string;
  /** Called after a successful login, e.g. to open the add-to-project modal. */
  onSuccess?: () => void;
}

export function requestLogin(request: LoginRequest = {}): void {
  window.dispatchEvent(new CustomEvent<LoginRequest>(LOGIN_EVENT, { detail: request }));
}

export function onLoginRequest(listener: (request: LoginRequest) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LoginRequest>).detail);
  window.addEventListener(LOGIN_EVENT, handler);
  return () => window.removeEventListener(LOGIN_EVENT, handler);
}

export function requestContact(): void {
  window.dispatchEvent(new CustomEvent(CONTACT_EVENT));
}

export function onContactRequest(listener: () => void): () => void {
  window.addEventListener(CONTACT_EVENT, listener);
  return () => window.removeEventListener(CONTACT_EVENT, listener);
}

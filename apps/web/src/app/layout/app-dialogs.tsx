import { Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { onContactRequest, onLoginRequest, type ContactRequest, type LoginRequest } from '@/lib/app-events';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { readSession } from '@/lib/session';
import { LazyBoundary } from '@/components/lazy-boundary';
import { onDemand } from '../load-on-demand';

// The dialogs are not part of the first paint (budget: 130 KB for /services); they load on the
// first request, or earlier when a pointer or focus rests on a button that opens them.
const loadLoginDialog = () => onDemand().then((m) => m.loginDialog());
const loadContactDialog = () => onDemand().then((m) => m.contactDialog());
const LoginDialog = lazyWithRetry(() => loadLoginDialog().then((m) => m.LoginDialog));
const ContactDialog = lazyWithRetry(() => loadContactDialog().then((m) => m.ContactDialog));

export function preloadLoginDialog(): void {
  void loadLoginDialog().catch(() => undefined);
}

export function preloadContactDialog(): void {
  void loadContactDialog().catch(() => undefined);
}

interface Opened<T> {
  request: T;
  /** Focus goes back here when the dialog closes (there is no Radix trigger to return to). */
  returnFocusTo: HTMLElement | null;
}

function focusedElement(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/**
 * Fulfils the app-wide requests of lib/app-events: the login modal (with the navigation or
 * action that waits for it) and the contact modal. Part of the shell, so any screen can ask.
 */
export function AppDialogs() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [login, setLogin] = useState<Opened<LoginRequest> | null>(null);
  const [contact, setContact] = useState<Opened<ContactRequest | undefined> | null>(null);

  // After a login: the pending navigation, else the screen on view loads what it could not
  // load signed out; then the caller's own continuation (e.g. the add-to-project modal).
  const continueAfterLogin = useCallback(
    (request: LoginRequest) => {
      if (request.next) void navigate(request.next);
      else void revalidate();
      request.onSuccess?.();
    },
    [navigate, revalidate],
  );

  useEffect(
    () =>
      onLoginRequest((request) => {
        if (readSession()) continueAfterLogin(request);
        else setLogin({ request, returnFocusTo: focusedElement() });
      }),
    [continueAfterLogin],
  );
  useEffect(() => onContactRequest((request) => setContact({ request, returnFocusTo: focusedElement() })), []);

  return (
    <>
      {login ? (
        <LazyBoundary
          onError={() => {
            LoginDialog.retry();
            setLogin(null);
          }}
        >
          <Suspense fallback={null}>
            <LoginDialog
              returnFocusTo={login.returnFocusTo}
              onClose={() => setLogin(null)}
              onLoggedIn={() => {
                setLogin(null);
                continueAfterLogin(login.request);
              }}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
      {contact ? (
        <LazyBoundary
          onError={() => {
            ContactDialog.retry();
            setContact(null);
          }}
        >
          <Suspense fallback={null}>
            <ContactDialog
              offer={contact.request}
              returnFocusTo={contact.returnFocusTo}
              onClose={() => setContact(null)}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}

import { describe, expect, it, vi } from 'vitest';
import { onContactRequest, onLoginRequest, requestContact, requestLogin } from './app-events';

describe('app events', () => {
  it('hands a login request with its continuation to the listener', () => {
    const listener = vi.fn();
    const stop = onLoginRequest(listener);
    const onSuccess = vi.fn();
    requestLogin({ next: '/projects', onSuccess });
    expect(listener).toHaveBeenCalledWith({ next: '/projects', onSuccess });
    stop();
    requestLogin();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps a request made before anyone listens for the first listener', () => {
    requestLogin({ next: '/projects' });
    requestContact();
    const login = vi.fn();
    const contact = vi.fn();
    const stopLogin = onLoginRequest(login);
    const stopContact = onContactRequest(contact);
    expect(login).toHaveBeenCalledWith({ next: '/projects' });
    expect(contact).toHaveBeenCalledOnce();
    stopLogin();
    stopContact();
    // Delivered once, not again to a later listener.
    const later = vi.fn();
    const stopLater = onLoginRequest(later);
    expect(later).not.toHaveBeenCalled();
    stopLater();
  });

  it('opens the contact modal from a plain global DOM event too', () => {
    const contact = vi.fn();
    const stop = onContactRequest(contact);
    window.dispatchEvent(new CustomEvent('portal:contact-request'));
    expect(contact).toHaveBeenCalledOnce();
    stop();
  });
});

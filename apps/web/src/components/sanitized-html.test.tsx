import { act, render } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { SanitizedHtml } from './sanitized-html';

// A row that got past the server's sanitizer must still not run anything in the browser.
describe('SanitizedHtml', () => {
  it('keeps the content markup of descriptions and legal pages', () => {
    const { container } = render(
      <SanitizedHtml
        html={
          '<h2>Titel</h2><p>Text mit <strong>fett</strong> und <a href="https://example.com">Link</a></p><ul><li>Eins</li></ul>'
        }
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Titel');
    expect(container.querySelector('strong')?.textContent).toBe('fett');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
    expect(container.querySelectorAll('li')).toHaveLength(1);
  });

  it('drops scripts, event handlers, javascript: links, frames, forms and inline styles', () => {
    const { container } = render(
      <SanitizedHtml
        html={
          '<p onclick="alert(1)">Hallo</p><script>alert(2)</script><img src="x" onerror="alert(3)">' +
          '<a href="javascript:alert(4)">klick</a><iframe src="https://evil.example"></iframe>' +
          '<form action="https://evil.example"><input name="pw"></form><svg><script>alert(5)</script></svg>' +
          '<div style="position:fixed;inset:0">Overlay</div>'
        }
      />,
    );
    const html = container.innerHTML;
    expect(container.querySelector('p')?.textContent).toBe('Hallo');
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|<form|<input|alert\(|style=/i);
  });

  it('keeps the markup a server-rendered page was hydrated with, and cleans any other text', async () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    const container = document.createElement('div');
    // As the server wrote it (its own sanitizer cleaned it).
    container.innerHTML = '<div class="prose-content"><p>Vom Server</p></div>';
    const rendered = '<p>Vom Server</p><img src="x" onerror="alert(1)">';
    const root = await act(async () => hydrateRoot(container, <SanitizedHtml html={rendered} />));
    expect(container.innerHTML).toBe('<div class="prose-content"><p>Vom Server</p></div>');
    expect(sanitize).not.toHaveBeenCalled();

    await act(async () =>
      root.render(<SanitizedHtml html={'<p>Other</p><img src="x" onerror="alert(1)">'} />),
    );
    expect(container.querySelector('p')?.textContent).toBe('Other');
    expect(container.innerHTML).not.toContain('onerror');
    // Back to the first text: written again, cleaned.
    await act(async () => root.render(<SanitizedHtml html={rendered} />));
    expect(container.querySelector('p')?.textContent).toBe('Vom Server');
    expect(container.innerHTML).not.toContain('onerror');
    root.unmount();
    sanitize.mockRestore();
  });
});

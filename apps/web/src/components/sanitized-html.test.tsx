import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});

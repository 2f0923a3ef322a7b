import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/sanitize-html.js';

describe('sanitizeRichText', () => {
  it('keeps the markup of a legal page: headings, paragraphs, lists, links, emphasis, tables', () => {
    const html =
      '<h2>Impressum</h2><h3>Kontakt</h3><p>Text <strong>fett</strong> <em>kursiv</em><br />Zeile</p>' +
      '<ul><li>a</li></ul><ol start="2"><li>b</li></ol><address>Musterstraße 1</address>' +
      '<p><a href="mailto:kontakt@example.com">Mail</a> <a href="/rechtliches/agb">AGB</a></p>' +
      '<table><thead><tr><th scope="col">Paket</th></tr></thead><tbody><tr><td>Basis</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts with their content, event handlers, styles and javascript: links', () => {
    const clean = sanitizeRichText(
      '<p onclick="steal()" style="position:fixed">Hallo<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>' +
        '<img src="x" onerror="alert(1)"><style>p{}</style><iframe src="https://evil.example"></iframe>' +
        '<svg onload="alert(1)"><circle/></svg><a href="data:text/html,<script>1</script>">z</a>',
    );
    expect(clean).toBe('<p>Hallo</p><a>x</a><a>y</a><a>z</a>');
    expect(clean).not.toMatch(/script|onclick|onerror|onload|javascript|style|iframe|img|svg|data:/i);
  });

  it('drops forms and their fields so no fake login can be placed in a text', () => {
    const clean = sanitizeRichText('<form action="https://evil.example"><input name="password"><button>Anmelden</button></form><p>ok</p>');
    expect(clean).not.toMatch(/form|input|password/i);
    expect(clean).toContain('<p>ok</p>');
  });

  it('marks outside links noopener and never takes rel or other attributes from the input', () => {
    expect(sanitizeRichText('<a href="https://example.com" rel="opener" target="_blank" class="x">e</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer">e</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@example.com" rel="opener">m</a>')).toBe('<a href="mailto:a@example.com">m</a>');
    expect(sanitizeRichText('<a href="//evil.example/x">p</a>')).toBe('<a>p</a>');
  });
});

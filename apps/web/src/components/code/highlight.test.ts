import { describe, expect, it } from 'vitest';
import { toCodeLanguage } from './code-language';
import { tokenize, type Token } from './highlight';

const joined = (tokens: Token[]) => tokens.map((t) => t.text).join('');
const of = (tokens: Token[], kind: Token['kind']) => tokens.filter((t) => t.kind === kind).map((t) => t.text);

describe('highlight', () => {
  it('never changes the code', () => {
    const samples = [
      `const a = 'x'; // hi\nawait fetch(\`/y\${a}\`);`,
      `<?php\n$ch = curl_init('https://x');\n# note\necho "a\\"b";`,
      `<!-- c -->\n<div class="a" data-x='1'>Text & more</div>\n<script src="w.js" async></script>`,
      'unterminated "string and <tag',
      '',
    ];
    expect(samples.map((code) => joined(tokenize(code, 'html')))).toEqual(samples);
    expect(samples.map((code) => joined(tokenize(code, 'javascript')))).toEqual(samples);
    expect(samples.map((code) => joined(tokenize(code, 'php')))).toEqual(samples);
  });

  it('marks JavaScript keywords, strings, comments and numbers', () => {
    const tokens = tokenize(`const constant = await f('a', 42); // done`, 'javascript');
    expect(of(tokens, 'keyword')).toEqual(['const', 'await']);
    expect(of(tokens, 'string')).toEqual([`'a'`]);
    expect(of(tokens, 'number')).toEqual(['42']);
    expect(of(tokens, 'comment')).toEqual(['// done']);
  });

  it('marks PHP variables, constants and the open tag', () => {
    const tokens = tokenize(`<?php\n$result = curl_setopt($ch, CURLOPT_POST, true);`, 'php');
    expect(of(tokens, 'tag')).toEqual(['<?php']);
    expect(of(tokens, 'variable')).toEqual(['$result', '$ch']);
    expect(of(tokens, 'constant')).toEqual(['CURLOPT_POST']);
    expect(of(tokens, 'keyword')).toEqual(['true']);
  });

  it('marks HTML tags, attributes and their values, not the text', () => {
    const tokens = tokenize(`<!-- x -->\n<div class="captcha" async>Absenden</div>`, 'html');
    expect(of(tokens, 'comment')).toEqual(['<!-- x -->']);
    // Neighbouring tokens of one kind are merged.
    expect(of(tokens, 'tag')).toEqual(['<div', '>', '</div>']);
    expect(of(tokens, 'attr')).toEqual(['class', 'async']);
    expect(of(tokens, 'string')).toEqual(['"captcha"']);
    expect(joined(tokens.filter((t) => t.kind === 'plain'))).toContain('Absenden');
  });

  it('maps the API code type to a language', () => {
    expect(toCodeLanguage('html')).toBe('html');
    expect(toCodeLanguage('PHP')).toBe('php');
    expect(toCodeLanguage('javascript')).toBe('javascript');
    expect(toCodeLanguage(undefined)).toBe('javascript');
  });
});

import type { CodeLanguage } from './code-language';

// A small syntax highlighter for the integration snippets (HTML, JavaScript, PHP): a handful of
// token kinds are enough to make a 20-line snippet readable, and this costs about 1 KB instead
// of a general highlighter's 20+. It never changes the text: the tokens joined give the input.

export type TokenKind =
  'plain' | 'comment' | 'string' | 'keyword' | 'number' | 'tag' | 'attr' | 'variable' | 'constant';

export interface Token {
  kind: TokenKind;
  text: string;
}

type Rule = [TokenKind, RegExp];

const strings = String.raw`'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"`;

const jsRules: Rule[] = [
  ['comment', /\/\/[^\n]*|\/\*[\s\S]*?\*\//y],
  ['string', new RegExp(`${strings}|\`(?:\\\\.|[^\`\\\\])*\``, 'y')],
  [
    'keyword',
    /\b(?:const|let|var|function|async|await|return|if|else|for|of|in|new|import|from|export|class|try|catch|throw|typeof|true|false|null|undefined|this)\b/y,
  ],
  ['number', /\b\d+(?:\.\d+)?\b/y],
  ['plain', /[A-Za-z_$][\w$]*/y],
];

const phpRules: Rule[] = [
  ['tag', /<\?php|\?>/y],
  ['comment', /\/\/[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\//y],
  ['string', new RegExp(strings, 'y')],
  ['variable', /\$[A-Za-z_]\w*/y],
  [
    'keyword',
    /\b(?:function|return|if|else|elseif|foreach|for|while|as|new|echo|exit|true|false|null|array|fn|use|namespace|class|public|private|static|try|catch|throw|empty|isset)\b/y,
  ],
  ['constant', /\b[A-Z][A-Z0-9_]{2,}\b/y],
  ['number', /\b\d+(?:\.\d+)?\b/y],
  ['plain', /[A-Za-z_]\w*/y],
];

function scan(code: string, rules: readonly Rule[]): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ kind, text });
  };
  let at = 0;
  outer: while (at < code.length) {
    for (const [kind, pattern] of rules) {
      pattern.lastIndex = at;
      const match = pattern.exec(code);
      if (match && match[0].length > 0) {
        push(kind, match[0]);
        at += match[0].length;
        continue outer;
      }
    }
    push('plain', code.charAt(at));
    at += 1;
  }
  return tokens;
}

/** HTML needs to know whether it is inside a tag (attributes) or in text. */
function scanHtml(code: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ kind, text });
  };
  const comment = /<!--[\s\S]*?(?:-->|$)/y;
  const open = /<\/?[A-Za-z][\w-]*/y;
  const close = /\/?>/y;
  const attr = /[^\s"'=<>/]+/y;
  const value = new RegExp(strings, 'y');
  let at = 0;
  let inTag = false;
  const take = (pattern: RegExp): string | null => {
    pattern.lastIndex = at;
    const match = pattern.exec(code);
    return match && match[0].length > 0 ? match[0] : null;
  };
  while (at < code.length) {
    let text: string | null;
    if (!inTag && (text = take(comment))) push('comment', text);
    else if (!inTag && (text = take(open))) {
      push('tag', text);
      inTag = true;
    } else if (inTag && (text = take(close))) {
      push('tag', text);
      inTag = false;
    } else if (inTag && (text = take(value))) push('string', text);
    else if (inTag && (text = take(attr))) push('attr', text);
    else {
      text = code.charAt(at);
      push('plain', text);
    }
    at += text.length;
  }
  return tokens;
}

export function tokenize(code: string, language: CodeLanguage): Token[] {
  if (language === 'html') return scanHtml(code);
  return scan(code, language === 'php' ? phpRules : jsRules);
}

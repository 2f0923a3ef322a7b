import { useMemo } from 'react';
import type { CodeLanguage } from './code-language';
import { tokenize, type TokenKind } from './highlight';

// On the always-dark code surface; each colour has at least 4.5:1 contrast against slate-950.
const colours: Record<TokenKind, string | undefined> = {
  plain: undefined,
  comment: 'text-slate-400 italic',
  string: 'text-emerald-300',
  keyword: 'text-sky-300',
  number: 'text-orange-300',
  tag: 'text-pink-300',
  attr: 'text-amber-200',
  variable: 'text-cyan-300',
  constant: 'text-violet-300',
};

/** The code in coloured spans; loaded lazily by its users (plain text shows until it is there). */
export function HighlightedCode({ code, language }: { code: string; language: CodeLanguage }) {
  const tokens = useMemo(() => tokenize(code, language), [code, language]);
  return (
    <>
      {tokens.map((token, index) => {
        const className = colours[token.kind];
        // Tokens have no identity beyond their position; the list only changes as a whole.
        return className ? (
          <span key={index} className={className}>
            {token.text}
          </span>
        ) : (
          token.text
        );
      })}
    </>
  );
}

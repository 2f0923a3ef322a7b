import sanitize from 'sanitize-html';

// Rich text that admins write (legal pages, service descriptions) is cleaned before it is
// stored: only the markup such a text needs survives. The web app cleans it again when it shows
// it, so a row written some other way still cannot run anything (docs/security.md#rich-text).

const allowedTags = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'address',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'abbr',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const options: sanitize.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    abbr: ['title'],
    ol: ['start'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Relative links (to another page of the portal) stay; everything else only as http, https or mailto.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // Elements whose content is not text to read are dropped with their content, not unwrapped.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'iframe', 'object'],
  transformTags: {
    // A link that leaves the portal opens without handing it the page (reverse tabnabbing).
    // rel is set here only, never taken from the input.
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      if (/^\s*https?:/i.test(rest.href ?? '')) return { tagName, attribs: { ...rest, rel: 'noopener noreferrer' } };
      return { tagName, attribs: rest };
    },
  },
};

/** The allowed subset of `html`: headings, paragraphs, lists, links (http, https, mailto), emphasis and tables. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options).trim();
}

import type { ErrorObject } from 'ajv';
import localizeGermanModule from 'ajv-i18n/localize/de/index.js';
import type { Language } from '../../lib/language.js';
import type { KeyLocation } from './mock-api.js';

// What the example answers name as wrong with a request, in the caller's language (German unless
// the request asks for English), as a real API would: the error's message and fields come from
// the common error texts; these lines say exactly what the document wanted. Schema checks are
// worded by ajv, in German through ajv-i18n.

// The package's types declare an ES default export for what is a CommonJS module; at run time
// the import is the function itself.
const localizeGerman = localizeGermanModule as unknown as (errors: ErrorObject[]) => void;

type Where = 'path' | 'query' | 'header' | 'cookie';

const whereWords: Record<Language, Record<Where, string>> = {
  de: { path: 'Pfadparameter', query: 'Query-Parameter', header: 'Header', cookie: 'Cookie' },
  en: { path: 'path parameter', query: 'query parameter', header: 'header', cookie: 'cookie' },
};

export interface MockProblems {
  parameterRequired(where: Where, name: string): string;
  parameterInvalid(where: Where, name: string, error: ErrorObject): string;
  bodyRequired(): string;
  bodyNotJson(): string;
  bodyInvalid(error: ErrorObject): string;
  keyRequired(locations: readonly KeyLocation[]): string;
  keyRefused(): string;
  methodNotAllowed(method: string, path: string, allow: readonly string[]): string;
}

/** Puts ajv's messages of a failed check into the language (ajv writes English). */
export function localizeSchemaErrors(errors: ErrorObject[], language: Language): ErrorObject[] {
  if (language === 'de') localizeGerman(errors);
  return errors;
}

function keyPlaces(locations: readonly KeyLocation[], language: Language): string {
  const or = language === 'de' ? ' oder ' : ' or ';
  return locations
    .map((l) =>
      l.in === 'bearer'
        ? `${whereWords[language].header} Authorization: Bearer <key>`
        : `${whereWords[language][l.in]} ${l.name}`,
    )
    .join(or);
}

const fallback = { de: 'ist nicht gültig', en: 'is not valid' };

export function mockProblems(language: Language): MockProblems {
  const where = whereWords[language];
  const message = (error: ErrorObject) => error.message ?? fallback[language];
  if (language === 'en') {
    return {
      parameterRequired: (w, name) => `${where[w]} ${name} is required`,
      parameterInvalid: (w, name, error) => `${where[w]} ${name}${error.instancePath} ${message(error)}`,
      bodyRequired: () => 'the request body is required',
      bodyNotJson: () => 'the request body must be JSON (Content-Type: application/json)',
      bodyInvalid: (error) => `body${error.instancePath} ${message(error)}`,
      keyRequired: (locations) =>
        `a key is required in ${keyPlaces(locations, language)}: a licence key of this service or the demo key of its reference`,
      keyRefused: () => 'the key is neither a live licence key of this service nor its demo key',
      methodNotAllowed: (method, path, allow) =>
        `${method} is not an operation of ${path}; allowed: ${allow.join(', ')}`,
    };
  }
  return {
    parameterRequired: (w, name) => `${where[w]} ${name} fehlt`,
    parameterInvalid: (w, name, error) => `${where[w]} ${name}${error.instancePath}: ${message(error)}`,
    bodyRequired: () => 'der Request-Body fehlt',
    bodyNotJson: () => 'der Request-Body muss JSON sein (Content-Type: application/json)',
    bodyInvalid: (error) => `Body${error.instancePath}: ${message(error)}`,
    keyRequired: (locations) =>
      `ein Schlüssel fehlt in ${keyPlaces(locations, language)}: ein Lizenzschlüssel dieses Service oder der Demo-Schlüssel seiner Referenz`,
    keyRefused: () => 'der Schlüssel ist weder ein gültiger Lizenzschlüssel dieses Service noch sein Demo-Schlüssel',
    methodNotAllowed: (method, path, allow) =>
      `${method} ist keine Operation von ${path}; erlaubt: ${allow.join(', ')}`,
  };
}

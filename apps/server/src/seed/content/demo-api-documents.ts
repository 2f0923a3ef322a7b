import type { Language } from '../../lib/language.js';

// The demo catalogue's API references (docs/domain.md#api-reference): one OpenAPI 3.1 document
// per demo service, in German and English, with an example for every operation's request and
// answer and an apiKey scheme that carries the licence key, so a fresh start shows the reference,
// its code samples and the example answers. Written as data here and stored as YAML text, as an
// admin would upload it.

type Text = Record<Language, string>;
const t = (de: string, en: string): Text => ({ de, en });

interface DemoParameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  description: Text;
  schema: Record<string, unknown>;
  example: unknown;
}

interface DemoOperation {
  method: 'get' | 'post' | 'delete';
  path: string;
  operationId: string;
  tag: string;
  summary: Text;
  description: Text;
  parameters?: DemoParameter[];
  body?: { schema: string; example: unknown };
  /** The answer's schema (a name in `schemas`) and example. */
  answer: { status: '200' | '201' | '204'; schema?: string; example?: unknown; description: Text };
  /** Answers beside the success, by status. */
  errors?: Array<'400' | '401' | '404' | '429'>;
}

export interface DemoApi {
  serviceId: string;
  version: string;
  notes: Text;
  title: Text;
  description: Text;
  server: string;
  /** Where the key goes (the scheme is always apiKey). */
  key: { in: 'header' | 'query'; name: string };
  tags: Array<{ name: string; description: Text }>;
  schemas: (language: Language) => Record<string, unknown>;
  operations: DemoOperation[];
}

const errorSchema = (language: Language) => ({
  type: 'object',
  description: language === 'de' ? 'Fehlerantwort' : 'Error answer',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', example: 'validation' },
        message: {
          type: 'string',
          example: language === 'de' ? 'Die Eingaben sind nicht gültig.' : 'The input is not valid.',
        },
      },
    },
  },
});

const errorTexts: Record<string, Text> = {
  '400': t(
    'Die Anfrage passt nicht zur Beschreibung; `error.problems` nennt, was fehlt.',
    'The request does not fit the description; `error.problems` names what is wrong.',
  ),
  '401': t('Kein oder kein gültiger Lizenzschlüssel.', 'No licence key, or not a valid one.'),
  '404': t('Nicht gefunden.', 'Not found.'),
  '429': t(
    'Zu viele Anfragen; `Retry-After` sagt, wann es weitergeht.',
    'Too many requests; `Retry-After` says when to go on.',
  ),
};

const captcha: DemoApi = {
  serviceId: 'captchaPro',
  version: '2.3.0',
  notes: t(
    'Neu: `score` in der Prüfantwort und die Abfrage der Widget-Einstellungen.',
    'New: `score` in the verification answer and reading the widget settings.',
  ),
  title: t('Captcha Pro API', 'Captcha Pro API'),
  description: t(
    'Prüft auf deinem Server, ob ein Formular von einem Menschen kam.\n\n1. Das Widget legt ein **Token** ins Formular.\n2. Dein Server schickt es an `POST /verify`.\n3. Nur bei `success: true` verarbeitest du das Formular.',
    'Checks on your server whether a form came from a person.\n\n1. The widget puts a **token** into the form.\n2. Your server sends it to `POST /verify`.\n3. Only with `success: true` do you process the form.',
  ),
  server: 'https://api.example-webservices.de/captcha/v2',
  key: { in: 'header', name: 'X-Api-Key' },
  tags: [
    { name: 'verification', description: t('Tokens aus dem Widget prüfen', 'Verify tokens from the widget') },
    { name: 'widget', description: t('Einstellungen des Widgets', 'Settings of the widget') },
  ],
  schemas: (language) => ({
    VerifyRequest: {
      type: 'object',
      required: ['token'],
      properties: {
        token: {
          type: 'string',
          minLength: 10,
          description:
            language === 'de'
              ? 'Token aus dem Formularfeld `captcha-token`'
              : 'Token from the form field `captcha-token`',
        },
        remoteIp: {
          type: 'string',
          description:
            language === 'de' ? 'Adresse der Besucherin (optional)' : "The visitor's address (optional)",
        },
      },
    },
    VerifyResult: {
      type: 'object',
      required: ['success', 'score'],
      properties: {
        success: { type: 'boolean' },
        score: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description: language === 'de' ? '1 = sicher ein Mensch' : '1 = certainly a person',
        },
        challengeTs: { type: 'string', format: 'date-time' },
        hostname: { type: 'string' },
      },
    },
    WidgetSettings: {
      type: 'object',
      properties: {
        language: { type: 'string', enum: ['de', 'en', 'auto'] },
        difficulty: { type: 'string', enum: ['low', 'medium', 'high'] },
        theme: { type: 'string', enum: ['light', 'dark'] },
      },
    },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'post',
      path: '/verify',
      operationId: 'verifyToken',
      tag: 'verification',
      summary: t('Token prüfen', 'Verify a token'),
      description: t(
        'Prüft ein Token **einmal**: ein zweiter Aufruf mit demselben Token antwortet `success: false`.',
        'Verifies a token **once**: a second call with the same token answers `success: false`.',
      ),
      body: {
        schema: 'VerifyRequest',
        example: { token: '03AFcWeA6mX2kP9qL1vR7s', remoteIp: '203.0.113.7' },
      },
      answer: {
        status: '200',
        schema: 'VerifyResult',
        example: {
          success: true,
          score: 0.93,
          challengeTs: '2026-11-21T09:30:12Z',
          hostname: 'shop.example.com',
        },
        description: t('Ergebnis der Prüfung', 'Result of the check'),
      },
      errors: ['400', '401', '429'],
    },
    {
      method: 'get',
      path: '/widget/settings',
      operationId: 'getWidgetSettings',
      tag: 'widget',
      summary: t('Widget-Einstellungen lesen', 'Read the widget settings'),
      description: t(
        'Die Einstellungen, die du im Portal bei der Lizenz gesetzt hast.',
        'The settings you set on the licence in the portal.',
      ),
      answer: {
        status: '200',
        schema: 'WidgetSettings',
        example: { language: 'auto', difficulty: 'medium', theme: 'light' },
        description: t('Einstellungen', 'Settings'),
      },
      errors: ['401'],
    },
  ],
};

const bot: DemoApi = {
  serviceId: 'botSchutzInvisible',
  version: '1.4.0',
  notes: t('Neu: Auswertung der letzten Stunden je Pfad.', 'New: report of the last hours per path.'),
  title: t('Bot-Schutz Invisible API', 'Invisible Bot Protection API'),
  description: t(
    'Bewertet Seitenaufrufe unsichtbar und liefert Auswertungen. Jeder bewertete Aufruf zählt als **Pageview**.',
    'Rates page views invisibly and reports on them. Every rated view counts as a **page view**.',
  ),
  server: 'https://api.example-webservices.de/bot/v1',
  key: { in: 'header', name: 'X-Api-Key' },
  tags: [
    { name: 'assessment', description: t('Aufrufe bewerten', 'Rate views') },
    { name: 'reports', description: t('Auswertungen', 'Reports') },
  ],
  schemas: (language) => ({
    Assessment: {
      type: 'object',
      required: ['path', 'userAgent'],
      properties: {
        path: { type: 'string', example: '/checkout' },
        userAgent: { type: 'string' },
        signals: {
          type: 'object',
          additionalProperties: { type: 'number' },
          description: language === 'de' ? 'Signale des Skripts' : 'Signals of the script',
        },
      },
    },
    Verdict: {
      type: 'object',
      required: ['bot', 'score'],
      properties: {
        bot: { type: 'boolean' },
        score: { type: 'number', minimum: 0, maximum: 1 },
        action: { type: 'string', enum: ['allow', 'challenge', 'block'] },
      },
    },
    Report: {
      type: 'object',
      properties: {
        from: { type: 'string', format: 'date-time' },
        to: { type: 'string', format: 'date-time' },
        paths: {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, humans: { type: 'integer' }, bots: { type: 'integer' } },
          },
        },
      },
    },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'post',
      path: '/assessments',
      operationId: 'assessView',
      tag: 'assessment',
      summary: t('Aufruf bewerten', 'Rate a view'),
      description: t(
        'Bewertet einen Seitenaufruf anhand der Signale des Skripts.',
        "Rates a page view from the script's signals.",
      ),
      body: {
        schema: 'Assessment',
        example: {
          path: '/checkout',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
          signals: { mouse: 0.8, timing: 0.6 },
        },
      },
      answer: {
        status: '200',
        schema: 'Verdict',
        example: { bot: false, score: 0.12, action: 'allow' },
        description: t('Bewertung', 'Verdict'),
      },
      errors: ['400', '401', '429'],
    },
    {
      method: 'get',
      path: '/reports/paths',
      operationId: 'pathReport',
      tag: 'reports',
      summary: t('Auswertung je Pfad', 'Report per path'),
      description: t(
        'Menschen und Bots je Pfad in den letzten `hours` Stunden.',
        'People and bots per path in the last `hours` hours.',
      ),
      parameters: [
        {
          name: 'hours',
          in: 'query',
          description: t('Zeitraum in Stunden (1 bis 168)', 'Period in hours (1 to 168)'),
          schema: { type: 'integer', minimum: 1, maximum: 168, default: 24 },
          example: 24,
        },
      ],
      answer: {
        status: '200',
        schema: 'Report',
        example: {
          from: '2026-11-20T10:00:00Z',
          to: '2026-11-21T10:00:00Z',
          paths: [
            { path: '/checkout', humans: 1840, bots: 312 },
            { path: '/login', humans: 960, bots: 1204 },
          ],
        },
        description: t('Auswertung', 'Report'),
      },
      errors: ['400', '401'],
    },
  ],
};

const address: DemoApi = {
  serviceId: 'adressvalidierung',
  version: '3.1.0',
  notes: t(
    'Neu: Korrekturvorschläge mit Konfidenz und Stapelprüfung bis 100 Adressen.',
    'New: correction suggestions with confidence and batch checks of up to 100 addresses.',
  ),
  title: t('Adressvalidierung API', 'Address Validation API'),
  description: t(
    'Prüft Postanschriften in Deutschland, Österreich und der Schweiz und schlägt Korrekturen vor.\n\n- Schreibweisen wie `Strasse`/`Straße` werden erkannt.\n- Die Antwort nennt die **korrigierte** Adresse und wie sicher sie ist.',
    'Checks postal addresses in Germany, Austria and Switzerland and suggests corrections.\n\n- Spellings such as `Strasse`/`Straße` are recognised.\n- The answer names the **corrected** address and how certain it is.',
  ),
  server: 'https://api.example-webservices.de/address/v3',
  key: { in: 'header', name: 'X-Api-Key' },
  tags: [
    { name: 'validation', description: t('Adressen prüfen', 'Check addresses') },
    { name: 'countries', description: t('Unterstützte Länder', 'Supported countries') },
  ],
  schemas: (language) => ({
    Address: {
      type: 'object',
      required: ['street', 'houseNumber', 'postcode', 'city', 'country'],
      properties: {
        street: { type: 'string', maxLength: 100 },
        houseNumber: { type: 'string', maxLength: 10 },
        postcode: { type: 'string', pattern: '^[0-9]{4,5}$' },
        city: { type: 'string', maxLength: 100 },
        country: {
          type: 'string',
          enum: ['DE', 'AT', 'CH'],
          description: language === 'de' ? 'ISO-3166-Code' : 'ISO 3166 code',
        },
      },
    },
    Validation: {
      type: 'object',
      required: ['valid', 'confidence'],
      properties: {
        valid: { type: 'boolean' },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        corrected: { $ref: '#/components/schemas/Address' },
        hints: { type: 'array', items: { type: 'string' } },
      },
    },
    Batch: {
      type: 'object',
      required: ['addresses'],
      properties: {
        addresses: { type: 'array', maxItems: 100, items: { $ref: '#/components/schemas/Address' } },
      },
    },
    BatchResult: {
      type: 'object',
      properties: { results: { type: 'array', items: { $ref: '#/components/schemas/Validation' } } },
    },
    Country: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } },
    Countries: { type: 'array', items: { $ref: '#/components/schemas/Country' } },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'post',
      path: '/addresses/validate',
      operationId: 'validateAddress',
      tag: 'validation',
      summary: t('Adresse prüfen', 'Check an address'),
      description: t(
        'Prüft eine Adresse und schlägt eine Korrektur vor, wenn eine nötig ist.',
        'Checks one address and suggests a correction where one is needed.',
      ),
      body: {
        schema: 'Address',
        example: {
          street: 'Hauptstrasse',
          houseNumber: '5a',
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
      },
      answer: {
        status: '200',
        schema: 'Validation',
        example: {
          valid: true,
          confidence: 0.97,
          corrected: {
            street: 'Hauptstraße',
            houseNumber: '5a',
            postcode: '10115',
            city: 'Berlin',
            country: 'DE',
          },
          hints: ['street: spelling corrected'],
        },
        description: t('Ergebnis', 'Result'),
      },
      errors: ['400', '401', '429'],
    },
    {
      method: 'post',
      path: '/addresses/validate-batch',
      operationId: 'validateBatch',
      tag: 'validation',
      summary: t('Bis zu 100 Adressen prüfen', 'Check up to 100 addresses'),
      description: t('Jede Adresse zählt als ein Aufruf.', 'Each address counts as one call.'),
      body: {
        schema: 'Batch',
        example: {
          addresses: [
            { street: 'Marktplatz', houseNumber: '1', postcode: '80331', city: 'München', country: 'DE' },
          ],
        },
      },
      answer: {
        status: '200',
        schema: 'BatchResult',
        example: { results: [{ valid: true, confidence: 1, hints: [] }] },
        description: t('Ergebnisse in derselben Reihenfolge', 'Results in the same order'),
      },
      errors: ['400', '401', '429'],
    },
    {
      method: 'get',
      path: '/countries',
      operationId: 'listCountries',
      tag: 'countries',
      summary: t('Länder', 'Countries'),
      description: t(
        'Die Länder, deren Adressen geprüft werden.',
        'The countries whose addresses are checked.',
      ),
      answer: {
        status: '200',
        schema: 'Countries',
        example: [
          { code: 'DE', name: 'Deutschland' },
          { code: 'AT', name: 'Österreich' },
          { code: 'CH', name: 'Schweiz' },
        ],
        description: t('Die Länder', 'The countries'),
      },
      errors: ['401'],
    },
  ],
};

const postcode: DemoApi = {
  serviceId: 'plzAutovervollstaendigung',
  version: '1.2.0',
  notes: t('Neu: Ortsteile in den Vorschlägen.', 'New: districts in the suggestions.'),
  title: t('PLZ-Autovervollständigung API', 'Postcode Autocomplete API'),
  description: t(
    'Schlägt beim Tippen Postleitzahlen und Orte vor.',
    'Suggests postcodes and places while typing.',
  ),
  server: 'https://api.example-webservices.de/postcode/v1',
  key: { in: 'header', name: 'X-Api-Key' },
  tags: [{ name: 'suggestions', description: t('Vorschläge', 'Suggestions') }],
  schemas: (language) => ({
    Suggestion: {
      type: 'object',
      properties: {
        postcode: { type: 'string' },
        city: { type: 'string' },
        district: { type: 'string' },
        state: { type: 'string' },
      },
    },
    Suggestions: { type: 'array', items: { $ref: '#/components/schemas/Suggestion' } },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'get',
      path: '/suggestions',
      operationId: 'suggest',
      tag: 'suggestions',
      summary: t('Vorschläge zu einer Eingabe', 'Suggestions for an input'),
      description: t(
        'Ab zwei Zeichen; höchstens `limit` Vorschläge.',
        'From two characters; at most `limit` suggestions.',
      ),
      parameters: [
        {
          name: 'q',
          in: 'query',
          required: true,
          description: t('Anfang von PLZ oder Ort', 'Start of a postcode or place'),
          schema: { type: 'string', minLength: 2, maxLength: 50 },
          example: '101',
        },
        {
          name: 'limit',
          in: 'query',
          description: t('Höchstzahl (1 bis 20)', 'Maximum (1 to 20)'),
          schema: { type: 'integer', minimum: 1, maximum: 20, default: 10 },
          example: 5,
        },
      ],
      answer: {
        status: '200',
        schema: 'Suggestions',
        example: [
          { postcode: '10115', city: 'Berlin', district: 'Mitte', state: 'Berlin' },
          { postcode: '10117', city: 'Berlin', district: 'Mitte', state: 'Berlin' },
        ],
        description: t('Vorschläge', 'Suggestions'),
      },
      errors: ['400', '401', '429'],
    },
  ],
};

const geo: DemoApi = {
  serviceId: 'geokodierung',
  version: '2.0.0',
  notes: t(
    'Neu: Rückwärtssuche; der Schlüssel steht jetzt im Parameter `key`.',
    'New: reverse lookup; the key now goes in the `key` parameter.',
  ),
  title: t('Geokodierung API', 'Geocoding API'),
  description: t(
    'Wandelt Adressen in Koordinaten um und zurück.',
    'Turns addresses into coordinates and back.',
  ),
  server: 'https://api.example-webservices.de/geo/v2',
  key: { in: 'query', name: 'key' },
  tags: [{ name: 'geocoding', description: t('Adressen und Koordinaten', 'Addresses and coordinates') }],
  schemas: (language) => ({
    Place: {
      type: 'object',
      required: ['lat', 'lon'],
      properties: {
        lat: { type: 'number', minimum: -90, maximum: 90 },
        lon: { type: 'number', minimum: -180, maximum: 180 },
        label: { type: 'string' },
        precision: { type: 'string', enum: ['house', 'street', 'city'] },
      },
    },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'get',
      path: '/geocode',
      operationId: 'geocode',
      tag: 'geocoding',
      summary: t('Adresse zu Koordinaten', 'Address to coordinates'),
      description: t(
        'Sucht die Koordinaten einer Adresse in einer Zeile.',
        'Finds the coordinates of an address written in one line.',
      ),
      parameters: [
        {
          name: 'address',
          in: 'query',
          required: true,
          description: t('Adresse in einer Zeile', 'Address in one line'),
          schema: { type: 'string', minLength: 3 },
          example: 'Unter den Linden 1, 10117 Berlin',
        },
      ],
      answer: {
        status: '200',
        schema: 'Place',
        example: {
          lat: 52.5169,
          lon: 13.3889,
          label: 'Unter den Linden 1, 10117 Berlin',
          precision: 'house',
        },
        description: t('Ort', 'Place'),
      },
      errors: ['400', '401', '404'],
    },
    {
      method: 'get',
      path: '/reverse',
      operationId: 'reverseGeocode',
      tag: 'geocoding',
      summary: t('Koordinaten zu Adresse', 'Coordinates to address'),
      description: t('Die nächste Adresse zu einem Punkt.', 'The nearest address to a point.'),
      parameters: [
        {
          name: 'lat',
          in: 'query',
          required: true,
          description: t('Breite', 'Latitude'),
          schema: { type: 'number', minimum: -90, maximum: 90 },
          example: 52.5169,
        },
        {
          name: 'lon',
          in: 'query',
          required: true,
          description: t('Länge', 'Longitude'),
          schema: { type: 'number', minimum: -180, maximum: 180 },
          example: 13.3889,
        },
      ],
      answer: {
        status: '200',
        schema: 'Place',
        example: {
          lat: 52.5169,
          lon: 13.3889,
          label: 'Unter den Linden 1, 10117 Berlin',
          precision: 'house',
        },
        description: t('Ort', 'Place'),
      },
      errors: ['400', '401', '404'],
    },
  ],
};

const company: DemoApi = {
  serviceId: 'firmendatenApi',
  version: '1.0.0',
  notes: t('Erste Fassung.', 'First version.'),
  title: t('Firmendaten-API', 'Company Data API'),
  description: t(
    'Stammdaten deutscher Unternehmen aus dem Handelsregister.',
    'Master data of German companies from the commercial register.',
  ),
  server: 'https://api.example-webservices.de/company/v1',
  key: { in: 'header', name: 'X-Api-Key' },
  tags: [{ name: 'companies', description: t('Unternehmen', 'Companies') }],
  schemas: (language) => ({
    Company: {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        legalForm: { type: 'string' },
        register: { type: 'object', properties: { court: { type: 'string' }, number: { type: 'string' } } },
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, postcode: { type: 'string' }, city: { type: 'string' } },
        },
        vatId: { type: 'string' },
      },
    },
    SearchResult: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
        items: { type: 'array', items: { $ref: '#/components/schemas/Company' } },
      },
    },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'get',
      path: '/companies',
      operationId: 'searchCompanies',
      tag: 'companies',
      summary: t('Unternehmen suchen', 'Search companies'),
      description: t('Sucht nach Name oder Registernummer.', 'Searches by name or register number.'),
      parameters: [
        {
          name: 'q',
          in: 'query',
          required: true,
          description: t('Name oder Registernummer', 'Name or register number'),
          schema: { type: 'string', minLength: 2 },
          example: 'Beispiel GmbH',
        },
        {
          name: 'page',
          in: 'query',
          description: t('Seite ab 1', 'Page from 1'),
          schema: { type: 'integer', minimum: 1, default: 1 },
          example: 1,
        },
      ],
      answer: {
        status: '200',
        schema: 'SearchResult',
        example: {
          total: 1,
          items: [
            {
              id: 'HRB123456B',
              name: 'Beispiel Webservices GmbH',
              legalForm: 'GmbH',
              register: { court: 'Amtsgericht Charlottenburg', number: 'HRB 123456 B' },
            },
          ],
        },
        description: t('Treffer', 'Matches'),
      },
      errors: ['400', '401', '429'],
    },
    {
      method: 'get',
      path: '/companies/{companyId}',
      operationId: 'getCompany',
      tag: 'companies',
      summary: t('Ein Unternehmen', 'One company'),
      description: t('Alle Stammdaten eines Unternehmens.', 'All master data of one company.'),
      parameters: [
        {
          name: 'companyId',
          in: 'path',
          required: true,
          description: t('Kennung aus der Suche', 'Id from the search'),
          schema: { type: 'string', pattern: '^[A-Z0-9]{4,20}$' },
          example: 'HRB123456B',
        },
      ],
      answer: {
        status: '200',
        schema: 'Company',
        example: {
          id: 'HRB123456B',
          name: 'Beispiel Webservices GmbH',
          legalForm: 'GmbH',
          register: { court: 'Amtsgericht Charlottenburg', number: 'HRB 123456 B' },
          address: { street: 'Friedrichstraße 100', postcode: '10117', city: 'Berlin' },
          vatId: 'DE123456789',
        },
        description: t('Unternehmen', 'Company'),
      },
      errors: ['401', '404'],
    },
  ],
};

const bank: DemoApi = {
  serviceId: 'bankdatenPruefung',
  version: '1.1.0',
  notes: t('Neu: BIC und Bankname in der Antwort.', 'New: BIC and bank name in the answer.'),
  title: t('Bankdaten-Prüfung API', 'Bank Details Check API'),
  description: t(
    'Prüft IBANs auf Prüfziffer und Bankleitzahl, bevor eine Lastschrift scheitert.',
    'Checks IBANs for their check digits and bank code before a direct debit fails.',
  ),
  server: 'https://api.example-webservices.de/bank/v1',
  key: { in: 'header', name: 'X-Api-Key' },
  tags: [{ name: 'iban', description: t('IBAN prüfen', 'Check IBANs') }],
  schemas: (language) => ({
    IbanCheck: {
      type: 'object',
      required: ['iban'],
      properties: { iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{11,30}$' } },
    },
    IbanResult: {
      type: 'object',
      required: ['valid'],
      properties: {
        valid: { type: 'boolean' },
        bic: { type: 'string' },
        bankName: { type: 'string' },
        sepaDirectDebit: { type: 'boolean' },
      },
    },
    Error: errorSchema(language),
  }),
  operations: [
    {
      method: 'post',
      path: '/iban/check',
      operationId: 'checkIban',
      tag: 'iban',
      summary: t('IBAN prüfen', 'Check an IBAN'),
      description: t('Leerzeichen in der IBAN sind erlaubt.', 'Spaces in the IBAN are allowed.'),
      body: { schema: 'IbanCheck', example: { iban: 'DE89 3704 0044 0532 0130 00' } },
      answer: {
        status: '200',
        schema: 'IbanResult',
        example: { valid: true, bic: 'COBADEFFXXX', bankName: 'Commerzbank', sepaDirectDebit: true },
        description: t('Ergebnis', 'Result'),
      },
      errors: ['400', '401', '429'],
    },
  ],
};

export const demoApis: readonly DemoApi[] = [captcha, bot, address, postcode, geo, company, bank];

/** The document of a demo API in one language, as an OpenAPI 3.1 object. */
export function demoApiDocument(api: DemoApi, language: Language): Record<string, unknown> {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of api.operations) {
    const responses: Record<string, unknown> = {
      [operation.answer.status]: {
        description: operation.answer.description[language],
        ...(operation.answer.schema
          ? {
              content: {
                'application/json': {
                  schema: ref(operation.answer.schema),
                  example: operation.answer.example,
                },
              },
            }
          : {}),
      },
    };
    for (const status of operation.errors ?? []) {
      responses[status] = {
        description: errorTexts[status]?.[language] ?? status,
        content: { 'application/json': { schema: ref('Error') } },
      };
    }
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: {
        operationId: operation.operationId,
        tags: [operation.tag],
        summary: operation.summary[language],
        description: operation.description[language],
        ...(operation.parameters
          ? {
              parameters: operation.parameters.map((p) => ({
                name: p.name,
                in: p.in,
                required: p.in === 'path' ? true : (p.required ?? false),
                description: p.description[language],
                schema: p.schema,
                example: p.example,
              })),
            }
          : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: ref(operation.body.schema), example: operation.body.example },
                },
              },
            }
          : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: api.title[language],
      version: api.version,
      description: api.description[language],
      contact: { name: 'Beispiel Webservices GmbH', email: 'api@example.com' },
    },
    servers: [{ url: api.server, description: language === 'de' ? 'Produktion' : 'Production' }],
    security: [{ licenceKey: [] }],
    tags: api.tags.map((tag) => ({ name: tag.name, description: tag.description[language] })),
    paths,
    components: {
      securitySchemes: {
        licenceKey: {
          type: 'apiKey',
          in: api.key.in,
          name: api.key.name,
          description:
            language === 'de'
              ? 'Der Lizenzschlüssel (`lk_…`) aus deinem Projekt im Portal.'
              : 'The licence key (`lk_…`) from your project in the portal.',
        },
      },
      schemas: api.schemas(language),
    },
  };
}

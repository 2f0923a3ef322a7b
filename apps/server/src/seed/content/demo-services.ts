// The demo catalogue: seven services of the fictional "Beispiel Webservices GmbH". Texts are
// written for real (German first, natural English), images are hand-drawn flat mock-ups built
// from the helpers in svg-helpers.ts so each stays small and self-contained.

import type { DemoService } from './demo-types.js';
import {
  alert,
  badge,
  bars,
  browser,
  button,
  card,
  check,
  circle,
  codePanel,
  donut,
  field,
  galleryImage,
  gridLines,
  ink,
  jsonLines,
  kpi,
  lineChart,
  lines,
  logo,
  mapBackdrop,
  palettes,
  path,
  pin,
  placeGlyph,
  rect,
  richText,
  svgDoc,
  table,
  text,
  thumbnail,
  type Palette,
} from './svg-helpers.js';

// ---------------------------------------------------------------------------------------------
// Glyphs: white pictograms on a 256 grid, used for logos, thumbnails and in-image branding.

const stroke = (color: string, width: number): string =>
  `stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

function shieldGlyph(p: Palette): string {
  return (
    path('M128 40l76 30v50c0 48-32 82-76 98-44-16-76-50-76-98V70z', '#fff') +
    path('M94 128l24 24 44-48', 'none', stroke(p.primary, 18))
  );
}

function invisibleGlyph(p: Palette): string {
  return (
    path(
      'M40 128c22-38 54-58 88-58s66 20 88 58c-22 38-54 58-88 58s-66-20-88-58z',
      'none',
      stroke('#fff', 14),
    ) +
    circle(128, 128, 26, '#fff') +
    path('M64 196L192 60', 'none', stroke(p.primary, 34)) +
    path('M64 196L192 60', 'none', stroke('#fff', 14))
  );
}

function houseGlyph(p: Palette): string {
  return (
    path('M48 122l72-62 72 62v86H48z', '#fff') +
    rect(104, 148, 32, 60, p.primary, 4) +
    circle(184, 182, 46, p.primary) +
    check(184, 182, 36, p.dark)
  );
}

function autocompleteGlyph(p: Palette): string {
  return (
    rect(40, 52, 176, 56, '#fff', 14) +
    text(62, 91, '101', 30, p.primary, { weight: 700 }) +
    rect(130, 66, 5, 28, p.primary, 2) +
    rect(40, 124, 176, 84, '#fff', 14, 'opacity=".9"') +
    rect(56, 140, 120, 14, p.primary, 7) +
    rect(56, 174, 88, 14, p.soft, 7)
  );
}

function pinGlyph(p: Palette): string {
  return (
    pin(128, 220, '#fff', 2.5) +
    circle(128, 100, 24, p.primary) +
    rect(84, 222, 88, 12, '#fff', 6, 'opacity=".5"')
  );
}

function buildingGlyph(p: Palette): string {
  const spots: [number, number][] = [
    [72, 112],
    [104, 112],
    [72, 144],
    [104, 144],
    [72, 176],
    [160, 76],
    [182, 76],
    [160, 106],
    [182, 106],
    [160, 136],
    [182, 136],
    [160, 166],
    [182, 166],
  ];
  const windows = spots.map(([x, y]) => rect(x, y, 14, 16, p.primary, 3)).join('');
  return (
    rect(56, 92, 80, 124, '#fff', 6) +
    rect(144, 56, 60, 160, '#fff', 6) +
    windows +
    rect(100, 184, 22, 32, p.primary, 3) +
    rect(40, 210, 176, 10, '#fff', 5)
  );
}

function bankGlyph(p: Palette): string {
  const columns = [62, 102, 138, 178].map((x) => rect(x, 104, 16, 80, '#fff', 4)).join('');
  return (
    path('M128 40l92 48H36z', '#fff') +
    circle(128, 72, 10, p.primary) +
    columns +
    rect(44, 190, 168, 22, '#fff', 6)
  );
}

// ---------------------------------------------------------------------------------------------
// Captcha Pro (indigo)

const cp = palettes.indigo;

type WidgetState = 'idle' | 'busy' | 'ok';

function captchaWidget(x: number, y: number, state: WidgetState, dark = false): string {
  const fill = dark ? '#0f172a' : ink.white;
  const border = dark ? '#334155' : '#cbd5e1';
  const label = { idle: 'Ich bin ein Mensch', busy: 'Wird geprüft …', ok: 'Verifiziert' }[state];
  const icon = {
    idle: rect(x + 32, y + 34, 40, 40, fill, 8, `stroke="${border}" stroke-width="3"`),
    busy:
      circle(x + 52, y + 54, 18, 'none', `stroke="${cp.soft}" stroke-width="6"`) +
      path(`M${x + 52} ${y + 36}a18 18 0 0 1 18 18`, 'none', stroke(cp.primary, 6)),
    ok: check(x + 52, y + 54, 22),
  }[state];
  return (
    rect(x, y, 520, 108, fill, 14, `stroke="${border}" stroke-width="2"`) +
    icon +
    text(x + 96, y + 63, label, 26, dark ? '#e2e8f0' : ink.text, { weight: 500 }) +
    rect(x + 436, y + 18, 52, 52, cp.primary, 12) +
    placeGlyph(x + 436, y + 18, 52, shieldGlyph(cp)) +
    text(x + 462, y + 92, 'Captcha Pro', 13, ink.muted, { anchor: 'middle' })
  );
}

const captchaForm = galleryImage(
  cp,
  browser(200, 90, 1200, 780, 'www.beispiel-shop.de/kontakt') +
    text(280, 220, 'Kontakt', 44, ink.text, { weight: 700 }) +
    field(280, 260, 500, 'Name', 'Erika Mustermann') +
    field(820, 260, 500, 'E-Mail', 'erika@example.com', 'focus', cp.primary) +
    text(280, 416, 'Nachricht', 20, ink.muted, { weight: 500 }) +
    rect(280, 428, 1040, 170, ink.white, 12, 'stroke="#cbd5e1" stroke-width="2"') +
    lines(304, 460, [820, 900, 560], 34) +
    captchaWidget(280, 650, 'ok') +
    button(1040, 668, 280, 72, 'Absenden', cp.primary),
);

const captchaSlider = galleryImage(
  cp,
  card(500, 100, 600, 800, 24) +
    rect(540, 140, 520, 400, cp.light, 16) +
    circle(960, 220, 44, '#fde68a') +
    path('M540 540l150-190 110 120 90-80 170 150z', cp.soft) +
    path('M540 540l120-110 140 110z', cp.primary, 'opacity=".55"') +
    rect(840, 300, 116, 116, ink.text, 18, 'opacity=".35"') +
    rect(624, 300, 116, 116, cp.primary, 18, 'stroke="#fff" stroke-width="5"') +
    text(800, 600, 'Schiebe das Teil in die Lücke', 26, ink.muted, { anchor: 'middle' }) +
    rect(540, 640, 520, 72, ink.page, 36, `stroke="${ink.line}" stroke-width="2"`) +
    rect(540, 640, 180, 72, cp.soft, 36) +
    circle(684, 676, 44, cp.primary) +
    path('M668 662l16 14-16 14M688 662l16 14-16 14', 'none', stroke('#fff', 5)) +
    path(`M540 780h520`, 'none', `stroke="${ink.line}" stroke-width="2"`) +
    rect(540, 810, 44, 44, cp.primary, 10) +
    placeGlyph(540, 810, 44, shieldGlyph(cp)) +
    text(600, 842, 'Captcha Pro', 22, ink.muted, { weight: 600 }) +
    circle(1036, 832, 20, 'none', `stroke="${ink.muted}" stroke-width="4"`),
);

const captchaStates = galleryImage(
  cp,
  text(800, 170, 'Drei Zustände, ein Widget', 44, ink.text, { weight: 700, anchor: 'middle' }) +
    (
      [
        ['idle', 240],
        ['busy', 450],
        ['ok', 660],
      ] as const
    )
      .map(([state, y]) => card(520, y, 560, 148, 20) + captchaWidget(540, y + 20, state))
      .join(''),
);

const captchaDark = svgDoc(
  1600,
  1000,
  circle(1500, 80, 260, cp.dark, 'opacity=".35"') +
    rect(420, 110, 760, 780, '#1e293b', 28) +
    text(500, 210, 'Anmelden', 44, '#f8fafc', { weight: 700 }) +
    (
      [
        ['E-Mail', 'max@example.com', 250],
        ['Passwort', '••••••••••', 400],
      ] as const
    )
      .map(
        ([label, value, y]) =>
          text(500, y + 16, label, 20, '#94a3b8', { weight: 500 }) +
          rect(500, y + 28, 600, 72, '#0f172a', 12, 'stroke="#334155" stroke-width="2"') +
          text(524, y + 73, value, 26, '#e2e8f0'),
      )
      .join('') +
    captchaWidget(500, 560, 'idle', true) +
    button(500, 720, 600, 76, 'Anmelden', cp.primary),
  '#0f172a',
);

const captchaVerify = galleryImage(
  cp,
  codePanel(100, 150, 720, 700, 7, '#a5b4fc') +
    path('M850 500h100', 'none', stroke(cp.primary, 8)) +
    path('M930 476l28 24-28 24', 'none', stroke(cp.primary, 8)) +
    card(990, 250, 520, 500, 20) +
    text(1026, 314, 'POST /v2/verify', 26, ink.muted, { weight: 600 }) +
    badge(1362, 286, '200 OK', ink.okLight, ink.ok) +
    jsonLines(
      1026,
      390,
      [
        ['success', 'true'],
        ['score', '0.94'],
        ['hostname', '"beispiel-shop.de"'],
        ['solvedIn', '"0.8 s"'],
      ],
      cp.primary,
      26,
    ),
);

const captchaUsage = galleryImage(
  cp,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Prüfungen pro Tag', 36, ink.text, { weight: 700 }) +
    kpi(180, 230, 380, 'Heute', '12.480', cp.primary) +
    kpi(610, 230, 380, 'Blockierte Bots', '1.932', ink.error) +
    kpi(1040, 230, 380, 'Ø Lösungszeit', '0,8 s', ink.text) +
    gridLines(180, 440, 1240, 380, 4) +
    bars(
      180,
      440,
      1240,
      380,
      [0.42, 0.55, 0.5, 0.62, 0.7, 0.38, 0.3, 0.48, 0.6, 0.66, 0.72, 0.8, 0.45, 0.36],
      cp.primary,
    ),
);

// ---------------------------------------------------------------------------------------------
// Bot-Schutz Invisible (slate, with teal for humans)

const bp = palettes.slate;
const human = palettes.teal.primary;

const botShop = galleryImage(
  bp,
  browser(160, 80, 1280, 840, 'www.beispiel-shop.de') +
    rect(162, 146, 1276, 90, bp.light) +
    text(220, 204, 'Beispiel-Shop', 32, ink.text, { weight: 700 }) +
    lines(900, 184, [90], 0) +
    lines(1030, 184, [90], 0) +
    lines(1160, 184, [90], 0) +
    rect(220, 270, 1160, 150, palettes.teal.light, 16) +
    text(260, 336, 'Herbst-Sale', 36, ink.text, { weight: 700 }) +
    lines(260, 366, [320], 0) +
    [220, 520, 820, 1120]
      .map(
        (x, i) =>
          rect(
            x,
            450,
            260,
            220,
            [palettes.teal.soft, palettes.amber.soft, palettes.sky.soft, palettes.rose.soft][i] ?? bp.soft,
            16,
          ) +
          lines(x, 694, [220, 150], 30) +
          text(x, 790, ['24,90 €', '39,00 €', '12,50 €', '59,90 €'][i] ?? '', 28, ink.text, { weight: 700 }),
      )
      .join('') +
    card(1060, 820, 340, 72, 36) +
    check(1102, 856, 20, human) +
    text(1136, 865, 'Bot-Schutz aktiv', 24, ink.text, { weight: 600 }),
);

const botDonut = galleryImage(
  bp,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Besucher der letzten 30 Tage', 36, ink.text, { weight: 700 }) +
    donut(520, 540, 210, 64, [
      [0.82, human],
      [0.14, ink.error],
      [0.04, ink.warn],
    ]) +
    text(520, 552, '82 %', 64, ink.text, { weight: 700, anchor: 'middle' }) +
    text(520, 600, 'Menschen', 24, ink.muted, { anchor: 'middle' }) +
    (
      [
        ['Menschen', '82 %', human, 380],
        ['Bots (blockiert)', '14 %', ink.error, 500],
        ['Verdächtig', '4 %', ink.warn, 620],
      ] as const
    )
      .map(
        ([label, value, color, y]) =>
          rect(900, y - 26, 32, 32, color, 8) +
          text(956, y, label, 28, ink.text) +
          text(1400, y, value, 28, ink.text, { weight: 700, anchor: 'end' }),
      )
      .join(''),
);

const botLog = galleryImage(
  bp,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Letzte Seitenaufrufe', 36, ink.text, { weight: 700 }) +
    table(
      180,
      240,
      [220, 560, 200, 260],
      ['Zeit', 'Pfad', 'Score', 'Bewertung'],
      [
        ['10:42:07', '/produkte/sneaker-42', '0.04', badge(0, 0, 'Mensch', palettes.teal.light, human)],
        ['10:42:05', '/login', '0.97', badge(0, 0, 'Bot', ink.errorLight, ink.error)],
        ['10:41:58', '/warenkorb', '0.11', badge(0, 0, 'Mensch', palettes.teal.light, human)],
        ['10:41:51', '/produkte?seite=38', '0.71', badge(0, 0, 'Verdächtig', ink.warnLight, ink.warn)],
        ['10:41:44', '/kontakt', '0.02', badge(0, 0, 'Mensch', palettes.teal.light, human)],
      ],
      100,
    ),
);

const botPageviews = galleryImage(
  bp,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Geschützte Seitenaufrufe', 36, ink.text, { weight: 700 }) +
    rect(1080, 160, 24, 24, human, 6) +
    text(1116, 181, 'Menschen', 22, ink.muted) +
    rect(1260, 160, 24, 24, ink.error, 6) +
    text(1296, 181, 'Bots', 22, ink.muted) +
    gridLines(180, 260, 1240, 560, 4) +
    lineChart(180, 260, 1240, 560, [0.5, 0.56, 0.52, 0.64, 0.7, 0.62, 0.74, 0.8, 0.76, 0.86], human) +
    lineChart(180, 260, 1240, 560, [0.1, 0.14, 0.3, 0.12, 0.1, 0.22, 0.12, 0.1, 0.16, 0.12], ink.error),
);

// ---------------------------------------------------------------------------------------------
// Adressvalidierung (teal)

const ap = palettes.teal;

const addressCheckout = galleryImage(
  ap,
  browser(200, 90, 1200, 780, 'www.beispiel-shop.de/kasse') +
    text(280, 220, 'Lieferadresse', 44, ink.text, { weight: 700 }) +
    field(280, 260, 760, 'Straße', 'Musterstraße', 'ok') +
    field(1080, 260, 240, 'Nr.', '1', 'ok') +
    field(280, 410, 300, 'PLZ', '10115', 'ok') +
    field(620, 410, 700, 'Ort', 'Berlin', 'ok') +
    field(280, 560, 1040, 'Land', 'Deutschland') +
    rect(280, 710, 640, 80, ink.okLight, 14) +
    check(324, 750, 18) +
    text(360, 759, 'Adresse geprüft und zustellbar', 26, '#166534', { weight: 600 }) +
    button(960, 710, 360, 80, 'Weiter zur Zahlung', ap.primary),
);

const addressSuggestion = galleryImage(
  ap,
  text(800, 230, 'Korrekturvorschlag in Echtzeit', 44, ink.text, { weight: 700, anchor: 'middle' }) +
    card(140, 320, 560, 360, 24) +
    text(190, 390, 'Eingabe', 24, ink.muted, { weight: 600 }) +
    alert(650, 382, 18) +
    rect(186, 436, 176, 48, ink.errorLight, 8) +
    text(190, 472, 'Haupstr. 5', 34, ink.text) +
    rect(186, 506, 76, 48, ink.errorLight, 8) +
    text(190, 542, '8031 Munchen', 34, ink.text) +
    text(190, 626, 'Straße unbekannt, PLZ unvollständig', 22, ink.error) +
    path('M740 500h110', 'none', stroke(ap.primary, 8)) +
    path('M830 476l28 24-28 24', 'none', stroke(ap.primary, 8)) +
    card(900, 320, 560, 360, 24) +
    text(950, 390, 'Vorschlag', 24, ap.primary, { weight: 600 }) +
    check(1410, 382, 18) +
    rect(946, 436, 226, 48, ap.light, 8) +
    text(950, 472, 'Hauptstraße 5', 34, ink.text, { weight: 600 }) +
    rect(946, 506, 252, 48, ap.light, 8) +
    text(950, 542, '80331 München', 34, ink.text, { weight: 600 }) +
    button(950, 584, 220, 64, 'Übernehmen', ap.primary) +
    button(1190, 584, 220, 64, 'Verwerfen', ink.page, ink.text),
);

const addressBatch = galleryImage(
  ap,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Stapelprüfung: kunden-2026.csv', 36, ink.text, { weight: 700 }) +
    rect(180, 224, 1240, 16, ink.line, 8) +
    rect(180, 224, 1050, 16, ap.primary, 8) +
    text(1420, 276, '8.412 von 10.000', 20, ink.muted, { anchor: 'end' }) +
    table(
      180,
      310,
      [880, 360],
      ['Anschrift', 'Ergebnis'],
      [
        ['Musterstraße 1, 10115 Berlin', badge(0, 0, 'gültig', ink.okLight, ink.ok)],
        ['Hauptstr. 5, 80331 München', badge(0, 0, 'korrigiert', ap.light, ap.dark)],
        ['Lindenallee 12, 50667 Köln', badge(0, 0, 'gültig', ink.okLight, ink.ok)],
        ['Am Markt 3, 0419 Leipzig', badge(0, 0, 'mehrdeutig', ink.warnLight, ink.warn)],
        ['Bahnhofstraße 99, 99999 Nirgendwo', badge(0, 0, 'ungültig', ink.errorLight, ink.error)],
      ],
      96,
    ),
);

const addressResponse = galleryImage(
  ap,
  codePanel(120, 150, 760, 700, 21, '#5eead4') +
    card(940, 180, 540, 640, 24) +
    text(980, 250, 'Antwort', 26, ink.muted, { weight: 600 }) +
    badge(1346, 222, '200 OK', ink.okLight, ink.ok) +
    jsonLines(
      980,
      320,
      [
        ['status', '"corrected"'],
        ['street', '"Hauptstraße"'],
        ['houseNumber', '"5"'],
        ['postalCode', '"80331"'],
        ['city', '"München"'],
        ['confidence', '0.97'],
      ],
      ap.primary,
      28,
    ),
);

const addressReport = galleryImage(
  ap,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Qualität deiner Adressen', 36, ink.text, { weight: 700 }) +
    (
      [
        ['gültig', 0.78, ink.ok],
        ['korrigiert', 0.15, ap.primary],
        ['mehrdeutig', 0.04, ink.warn],
        ['ungültig', 0.03, ink.error],
      ] as const
    )
      .map(([label, share, color], i) => {
        const y = 290 + i * 140;
        return (
          text(180, y + 40, label, 28, ink.text) +
          rect(460, y, 840, 56, ink.page, 12) +
          rect(460, y, Math.max(24, Math.round(840 * share)), 56, color, 12) +
          text(1420, y + 40, `${Math.round(share * 100)} %`, 30, ink.text, { weight: 700, anchor: 'end' })
        );
      })
      .join(''),
);

// ---------------------------------------------------------------------------------------------
// PLZ-Autovervollständigung (sky)

const pp = palettes.sky;

/** Drop-down of suggestions: the typed part in bold, the completion in grey; first row highlighted. */
function suggestionList(x: number, y: number, w: number, rows: [string, string][], rowH = 76): string {
  return (
    card(x, y, w, rows.length * rowH + 24, 16) +
    rect(x + 12, y + 12, w - 24, rowH, pp.light, 10) +
    rows
      .map(([typed, rest], i) =>
        richText(x + 36, y + 22 + i * rowH + rowH / 2, 28, [
          [typed, ink.text, 700],
          [rest, ink.muted],
        ]),
      )
      .join('')
  );
}

const plzPostcode = galleryImage(
  pp,
  card(380, 110, 840, 780, 24) +
    text(440, 200, 'Lieferadresse', 40, ink.text, { weight: 700 }) +
    field(440, 240, 720, 'Postleitzahl', '101', 'focus', pp.primary) +
    rect(520, 284, 3, 40, pp.primary) +
    suggestionList(440, 356, 720, [
      ['101', '15 Berlin, Mitte'],
      ['101', '17 Berlin, Mitte'],
      ['101', '19 Berlin, Prenzlauer Berg'],
      ['101', '78 Berlin, Mitte'],
    ]) +
    text(440, 760, '↑ ↓ zum Auswählen, Enter zum Übernehmen', 22, ink.muted),
);

const plzStreet = galleryImage(
  pp,
  card(380, 170, 840, 660, 24) +
    field(440, 220, 240, 'PLZ', '10117', 'ok') +
    field(720, 220, 440, 'Ort', 'Berlin', 'ok') +
    field(440, 380, 720, 'Straße', 'Friedr', 'focus', pp.primary) +
    suggestionList(440, 496, 720, [
      ['Friedr', 'ichstraße'],
      ['Friedr', 'ich-Ebert-Platz'],
      ['Friedr', 'ichswerderscher Markt'],
    ]),
);

const plzMobile = galleryImage(
  pp,
  '<defs><pattern id="plzKeys" width="32" height="56" patternUnits="userSpaceOnUse">' +
    '<rect x="3" y="6" width="26" height="44" rx="6" fill="#fff"/></pattern></defs>' +
    text(200, 420, 'Weniger tippen,', 64, ink.text, { weight: 700 }) +
    text(200, 500, 'schneller bestellen.', 64, pp.primary, { weight: 700 }) +
    lines(200, 560, [560, 460], 36, 18, pp.soft) +
    rect(1000, 50, 360, 900, ink.text, 56) +
    rect(1016, 66, 328, 868, ink.white, 44) +
    rect(1120, 80, 120, 24, ink.text, 12) +
    text(1040, 170, 'Lieferadresse', 26, ink.text, { weight: 700 }) +
    rect(1040, 196, 280, 60, ink.white, 10, `stroke="${pp.primary}" stroke-width="3"`) +
    text(1060, 236, '8033', 24, ink.text) +
    rect(1040, 268, 280, 196, ink.white, 10, `stroke="${ink.line}" stroke-width="2"`) +
    rect(1048, 276, 264, 56, pp.light, 8) +
    ['1', '3', '5']
      .map((last, i) =>
        richText(1064, 312 + i * 60, 22, [
          ['8033', ink.text, 700],
          [`${last} München`, ink.muted],
        ]),
      )
      .join('') +
    rect(1016, 660, 328, 250, '#d1d5db') +
    rect(1024, 668, 320, 168, 'url(#plzKeys)') +
    rect(1080, 844, 200, 48, ink.white, 6) +
    rect(1024, 844, 48, 48, '#9ca3af', 6) +
    rect(1288, 844, 48, 48, pp.primary, 6),
);

// ---------------------------------------------------------------------------------------------
// Geokodierung (emerald)

const gp = palettes.emerald;

const geoResults = galleryImage(
  gp,
  card(120, 100, 400, 800, 24) +
    rect(150, 130, 340, 64, ink.page, 12, `stroke="${gp.primary}" stroke-width="3"`) +
    text(174, 171, 'Bäckerei Berlin', 24, ink.text) +
    [0, 1, 2, 3]
      .map(
        (i) =>
          rect(150, 230 + i * 150, 340, 130, i === 0 ? gp.light : ink.white, 14) +
          circle(186, 276 + i * 150, 18, gp.primary) +
          text(186, 284 + i * 150, String(i + 1), 20, '#fff', { weight: 700, anchor: 'middle' }) +
          lines(220, 264 + i * 150, [220, 160], 32),
      )
      .join('') +
    mapBackdrop(560, 100, 920, 800, 'geoResultsMap') +
    pin(820, 330, gp.primary, 1.2) +
    pin(1060, 470, gp.primary) +
    pin(920, 640, gp.primary) +
    pin(1280, 300, gp.primary),
);

const geoReverse = galleryImage(
  gp,
  mapBackdrop(120, 100, 1360, 800, 'geoReverseMap') +
    circle(760, 560, 90, gp.primary, 'opacity=".15"') +
    path('M760 470v180M670 560h180', 'none', `stroke="${gp.dark}" stroke-width="3"`) +
    pin(760, 560, gp.primary, 1.3) +
    card(840, 240, 520, 250, 20) +
    text(880, 300, 'Nächste Adresse', 22, ink.muted, { weight: 600 }) +
    text(880, 350, 'Musterstraße 1', 34, ink.text, { weight: 700 }) +
    text(880, 396, '10115 Berlin', 30, ink.text) +
    text(880, 450, '52.53210, 13.38490', 24, gp.dark),
);

const geoTable = galleryImage(
  gp,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Stapelgeokodierung', 36, ink.text, { weight: 700 }) +
    table(
      180,
      250,
      [560, 200, 200, 280],
      ['Adresse', 'Breite', 'Länge', 'Genauigkeit'],
      [
        ['Unter den Linden 77, Berlin', '52.51630', '13.37970', badge(0, 0, 'Gebäude', gp.light, gp.dark)],
        ['Marienplatz 8, München', '48.13740', '11.57550', badge(0, 0, 'Gebäude', gp.light, gp.dark)],
        ['Domkloster 4, Köln', '50.94130', '6.95830', badge(0, 0, 'Gebäude', gp.light, gp.dark)],
        ['Hafenstraße, Hamburg', '53.54540', '9.96730', badge(0, 0, 'Straße', ink.warnLight, ink.warn)],
        ['Römerberg, Frankfurt', '50.11060', '8.68200', badge(0, 0, 'Straße', ink.warnLight, ink.warn)],
      ],
      96,
    ),
);

const geoRadius = galleryImage(
  gp,
  mapBackdrop(120, 100, 1360, 800, 'geoRadiusMap') +
    circle(800, 500, 280, gp.primary, `opacity=".12"`) +
    circle(800, 500, 280, 'none', `stroke="${gp.primary}" stroke-width="4" stroke-dasharray="14 10"`) +
    pin(800, 500, gp.dark, 1.3) +
    pin(680, 380, gp.primary, 0.8) +
    pin(960, 420, gp.primary, 0.8) +
    pin(900, 660, gp.primary, 0.8) +
    pin(640, 620, gp.primary, 0.8) +
    badge(1010, 236, '5 km', ink.white, gp.dark, 26) +
    card(160, 140, 380, 150, 20) +
    text(196, 200, 'Filialen im Umkreis', 24, ink.muted) +
    text(196, 258, '4 Treffer', 40, ink.text, { weight: 700 }),
);

// ---------------------------------------------------------------------------------------------
// Firmendaten-API (amber)

const fp = palettes.amber;

const companyProfile = galleryImage(
  fp,
  card(200, 90, 1200, 820, 24) +
    rect(260, 150, 120, 120, fp.primary, 28) +
    placeGlyph(260, 150, 120, buildingGlyph(fp)) +
    text(420, 210, 'Muster Logistik GmbH', 44, ink.text, { weight: 700 }) +
    text(420, 256, 'Lagerweg 4, 12099 Berlin', 26, ink.muted) +
    badge(1210, 178, 'aktiv', ink.okLight, ink.ok, 22) +
    (
      [
        ['Rechtsform', 'Gesellschaft mit beschränkter Haftung'],
        ['Register', 'Amtsgericht Charlottenburg, HRB 987654 B'],
        ['Geschäftsführung', 'Anna Beispiel, Jonas Muster'],
        ['Stammkapital', '50.000,00 €'],
        ['Eingetragen seit', '14.03.2011'],
      ] as const
    )
      .map(
        ([label, value], i) =>
          path(`M260 ${330 + i * 96}h1080`, 'none', `stroke="${ink.line}" stroke-width="2"`) +
          text(260, 390 + i * 96, label, 24, ink.muted) +
          text(640, 390 + i * 96, value, 26, ink.text, { weight: 500 }),
      )
      .join(''),
);

const companySearch = galleryImage(
  fp,
  card(120, 100, 1360, 800, 24) +
    rect(180, 150, 1240, 76, ink.page, 14, `stroke="${fp.primary}" stroke-width="3"`) +
    circle(226, 186, 14, 'none', `stroke="${ink.muted}" stroke-width="4"`) +
    path('M236 196l12 12', 'none', stroke(ink.muted, 4)) +
    text(266, 197, 'Muster', 28, ink.text) +
    table(
      180,
      270,
      [480, 240, 280, 240],
      ['Firma', 'Sitz', 'Register', 'Status'],
      [
        ['Muster Logistik GmbH', 'Berlin', 'HRB 987654 B', badge(0, 0, 'aktiv', ink.okLight, ink.ok)],
        ['Muster & Söhne KG', 'Hamburg', 'HRA 123456', badge(0, 0, 'aktiv', ink.okLight, ink.ok)],
        ['Mustermann Bau AG', 'München', 'HRB 234567', badge(0, 0, 'aktiv', ink.okLight, ink.ok)],
        ['Muster IT UG', 'Köln', 'HRB 98765', badge(0, 0, 'in Liquidation', ink.warnLight, ink.warn)],
        ['Musterhaus e. K.', 'Leipzig', 'HRA 4321', badge(0, 0, 'gelöscht', ink.errorLight, ink.error)],
      ],
      100,
    ),
);

const companyMonitor = galleryImage(
  fp,
  card(200, 90, 1200, 820, 24) +
    text(260, 180, 'Änderungsdienst: Muster Logistik GmbH', 36, ink.text, { weight: 700 }) +
    path('M284 250v560', 'none', `stroke="${fp.soft}" stroke-width="6"`) +
    (
      [
        ['18.11.2026', 'Neue Geschäftsführerin eingetragen'],
        ['02.10.2026', 'Sitzverlegung von Potsdam nach Berlin'],
        ['15.07.2026', 'Kapitalerhöhung auf 50.000 €'],
        ['03.03.2026', 'Jahresabschluss 2025 offengelegt'],
      ] as const
    )
      .map(
        ([date, event], i) =>
          circle(
            284,
            270 + i * 150,
            16,
            i === 0 ? fp.primary : ink.white,
            `stroke="${fp.primary}" stroke-width="5"`,
          ) +
          text(330, 262 + i * 150, date, 22, ink.muted) +
          text(330, 304 + i * 150, event, 30, ink.text, { weight: i === 0 ? 700 : 400 }),
      )
      .join('') +
    badge(1100, 236, 'Webhook gesendet', fp.light, fp.dark),
);

const companyJson = galleryImage(
  fp,
  codePanel(100, 150, 740, 700, 33, '#fcd34d') +
    card(900, 180, 600, 640, 24) +
    text(940, 244, 'GET /v1/companies/…', 26, ink.muted, { weight: 600 }) +
    jsonLines(
      940,
      310,
      [
        ['name', '"Muster Logistik GmbH"'],
        ['legalForm', '"GmbH"'],
        ['court', '"AG Charlottenburg"'],
        ['register', '"HRB 987654 B"'],
        ['status', '"active"'],
        ['updatedAt', '"2026-11-18"'],
      ],
      fp.dark,
      26,
    ),
);

// ---------------------------------------------------------------------------------------------
// Bankdaten-Prüfung (rose)

const kp = palettes.rose;

const bankValid = galleryImage(
  kp,
  card(340, 90, 920, 820, 24) +
    text(400, 190, 'Bankverbindung', 40, ink.text, { weight: 700 }) +
    field(400, 230, 800, 'Kontoinhaber', 'Erika Mustermann') +
    field(400, 380, 800, 'IBAN', 'DE89 3704 0044 0532 0130 00', 'ok') +
    field(400, 530, 380, 'BIC', 'COBADEFFXXX', 'ok') +
    field(820, 530, 380, 'Bank', 'Commerzbank', 'ok') +
    badge(400, 670, 'BIC und Bank automatisch ergänzt', kp.light, kp.dark) +
    button(400, 760, 800, 80, 'SEPA-Lastschriftmandat erteilen', kp.primary),
);

const bankInvalid = galleryImage(
  kp,
  card(340, 140, 920, 720, 24) +
    text(400, 240, 'Bankverbindung', 40, ink.text, { weight: 700 }) +
    field(400, 290, 800, 'IBAN', 'DE89 3704 0044 0532 0130 01', 'error') +
    text(400, 436, 'Die Prüfziffer passt nicht. Bitte prüfe die IBAN.', 24, ink.error) +
    rect(400, 500, 800, 170, ink.page, 16) +
    alert(448, 552, 18, ink.muted) +
    text(486, 560, 'Häufige Ursache: Zahlendreher', 26, ink.text, { weight: 600 }) +
    lines(486, 600, [560, 420], 32) +
    button(400, 730, 800, 80, 'Weiter', ink.line, ink.muted),
);

const bankBulk = galleryImage(
  kp,
  card(120, 100, 1360, 800, 24) +
    text(180, 190, 'Prüfung von Lastschriftmandaten', 36, ink.text, { weight: 700 }) +
    table(
      180,
      250,
      [560, 380, 300],
      ['IBAN', 'Bank', 'Ergebnis'],
      [
        ['DE89 3704 0044 •••• 00', 'Commerzbank', badge(0, 0, 'gültig', ink.okLight, ink.ok)],
        ['DE02 1203 0000 •••• 02', 'Deutsche Kreditbank', badge(0, 0, 'gültig', ink.okLight, ink.ok)],
        ['DE12 5001 0517 •••• 98', '–', badge(0, 0, 'Prüfziffer falsch', ink.errorLight, ink.error)],
        ['DE44 1001 0010 •••• 31', 'Postbank', badge(0, 0, 'gültig', ink.okLight, ink.ok)],
        [
          'DE86 1000 0000 •••• 12',
          'Deutsche Bundesbank',
          badge(0, 0, 'keine Lastschrift', ink.warnLight, ink.warn),
        ],
      ],
      100,
    ),
);

// ---------------------------------------------------------------------------------------------
// Thumbnails: the glyph tile on the left, a miniature of the service on the right.

const thumbCaptcha = thumbnail(
  cp,
  shieldGlyph(cp),
  card(290, 90, 450, 270, 20) +
    lines(326, 130, [280, 200], 30, 16) +
    rect(326, 196, 378, 84, ink.white, 12, `stroke="${ink.line}" stroke-width="2"`) +
    check(370, 238, 20) +
    text(406, 247, 'Verifiziert', 26, ink.text, { weight: 600 }) +
    rect(326, 298, 160, 40, cp.primary, 10),
);

const thumbBot = thumbnail(
  bp,
  invisibleGlyph(bp),
  card(290, 90, 450, 270, 20) +
    text(322, 140, 'Seitenaufrufe', 22, ink.muted, { weight: 600 }) +
    lineChart(322, 170, 386, 150, [0.4, 0.55, 0.5, 0.7, 0.62, 0.8, 0.9], human) +
    lineChart(322, 170, 386, 150, [0.1, 0.2, 0.12, 0.3, 0.1, 0.14, 0.1], ink.error),
);

const thumbAddress = thumbnail(
  ap,
  houseGlyph(ap),
  card(290, 90, 450, 270, 20) +
    (
      [
        ['Musterstraße 1', 110],
        ['10115 Berlin', 190],
      ] as const
    )
      .map(
        ([value, y]) =>
          rect(322, y, 386, 62, ink.white, 10, `stroke="${ink.ok}" stroke-width="3"`) +
          text(342, y + 40, value, 24, ink.text) +
          check(678, y + 31, 14),
      )
      .join('') +
    rect(322, 282, 180, 44, ap.primary, 10),
);

const thumbPlz = thumbnail(
  pp,
  autocompleteGlyph(pp),
  rect(290, 80, 450, 64, ink.white, 12, `stroke="${pp.primary}" stroke-width="3"`) +
    text(314, 122, '101', 26, ink.text) +
    card(290, 160, 450, 210, 16) +
    rect(300, 170, 430, 60, pp.light, 10) +
    ['10115 Berlin', '10117 Berlin', '10119 Berlin']
      .map((v, i) =>
        text(320, 210 + i * 62, v, 24, i === 0 ? ink.text : ink.muted, { weight: i === 0 ? 600 : 400 }),
      )
      .join(''),
);

const thumbGeo = thumbnail(
  gp,
  pinGlyph(gp),
  mapBackdrop(290, 75, 450, 300, 'geoThumbMap') +
    pin(430, 210, gp.primary) +
    pin(600, 290, gp.primary) +
    pin(660, 160, gp.dark),
);

const thumbCompany = thumbnail(
  fp,
  buildingGlyph(fp),
  card(290, 90, 450, 270, 20) +
    text(322, 142, 'Muster Logistik GmbH', 26, ink.text, { weight: 700 }) +
    badge(322, 162, 'aktiv', ink.okLight, ink.ok, 16) +
    [226, 272, 318]
      .map(
        (y) =>
          path(`M322 ${y - 26}h386`, 'none', `stroke="${ink.line}" stroke-width="2"`) +
          lines(322, y - 10, [120], 0, 12) +
          lines(480, y - 10, [200], 0, 12, fp.soft),
      )
      .join(''),
);

const thumbBank = thumbnail(
  kp,
  bankGlyph(kp),
  card(290, 90, 450, 270, 20) +
    text(322, 140, 'IBAN', 20, ink.muted, { weight: 600 }) +
    rect(322, 156, 386, 62, ink.white, 10, `stroke="${ink.ok}" stroke-width="3"`) +
    text(340, 195, 'DE89 3704 0044 0532 0130 00', 19, ink.text) +
    check(680, 187, 14) +
    text(322, 262, 'COBADEFFXXX · Commerzbank', 20, ink.muted) +
    rect(322, 290, 200, 44, kp.primary, 10),
);

// ---------------------------------------------------------------------------------------------
// The catalogue

export const demoServices: DemoService[] = [
  {
    id: 'captchaPro',
    category: 'captcha',
    name: { de: 'Captcha Pro', en: 'Captcha Pro' },
    descriptionShort: {
      de: 'Datenschutzfreundliches Captcha ohne Cookies und Tracking – schützt deine Formulare zuverlässig vor Spam und Bots.',
      en: 'Privacy-friendly captcha without cookies or tracking that reliably protects your forms from spam and bots.',
    },
    description: {
      de:
        '<p><strong>Captcha Pro</strong> schützt Kontaktformulare, Registrierungen und Logins vor Spam-Bots, ohne deine Besucher auszuspähen. Das Widget setzt keine Cookies, lädt keine Inhalte von Drittanbietern und wird ausschließlich in Rechenzentren in Deutschland betrieben.</p>' +
        '<h3>So funktioniert es</h3>' +
        '<ol><li>Du bindest das Widget mit einem Script-Tag in dein Formular ein.</li>' +
        '<li>Der Browser löst im Hintergrund eine kurze Rechenaufgabe; nur bei Verdacht erscheint zusätzlich eine Schiebe-Aufgabe.</li>' +
        '<li>Dein Server bestätigt das Ergebnis mit einem einzigen Aufruf an <code>/v2/verify</code>.</li></ol>' +
        '<h3>Auf einen Blick</h3>' +
        '<ul><li>DSGVO-konform, ohne Profilbildung und ohne Weitergabe an Dritte</li>' +
        '<li>Barrierearm: vollständig per Tastatur und Screenreader bedienbar</li>' +
        '<li>Widget in Deutsch, Englisch und 20 weiteren Sprachen, helles und dunkles Design</li>' +
        '<li>Abrechnung pro 1.000 Prüfungen, keine Grundgebühr</li></ul>',
      en:
        '<p><strong>Captcha Pro</strong> protects contact forms, sign-ups and logins from spam bots without spying on your visitors. The widget sets no cookies, loads nothing from third parties and runs exclusively in data centres in Germany.</p>' +
        '<h3>How it works</h3>' +
        '<ol><li>You add the widget to your form with a single script tag.</li>' +
        '<li>The browser solves a short computational puzzle in the background; a slider challenge appears only when something looks suspicious.</li>' +
        '<li>Your server confirms the result with one call to <code>/v2/verify</code>.</li></ol>' +
        '<h3>At a glance</h3>' +
        '<ul><li>GDPR-compliant, no profiling and no sharing with third parties</li>' +
        '<li>Accessible: fully operable by keyboard and screen reader</li>' +
        '<li>Widget in German, English and 20 other languages, with light and dark themes</li>' +
        '<li>Billed per 1,000 verifications, no base fee</li></ul>',
    },
    accounting: 'request',
    pricePer1000Calls: 120,
    monthlyFee: 0,
    singlePayment: 0,
    demoHref: 'https://demo.example.com/captcha-pro',
    dataCopyright: null,
    dataLastUpdate: null,
    jsServiceCodeType: 'html',
    jsServiceCodeTemplate: `<!-- Load the widget once per page -->
<script src="https://api.example.com/captcha/v2/widget.js" async defer></script>

<form action="/kontakt" method="post">
  <!-- your form fields -->
  <div class="captcha-pro" data-sitekey="{{licenceKey}}" data-lang="de"></div>
  <button type="submit">Absenden</button>
</form>`,
    serviceCodeBackendTemplate: `<?php
// Verify the token before you process the form.
$ch = curl_init('https://api.example.com/captcha/v2/verify');
curl_setopt_array($ch, [
    CURLOPT_POST           => true,
    CURLOPT_POSTFIELDS     => http_build_query([
        'sitekey'  => '{{licenceKey}}',
        'response' => $_POST['captcha-pro-response'] ?? '',
        'remoteip' => $_SERVER['REMOTE_ADDR'] ?? '',
    ]),
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_TIMEOUT        => 5,
]);
$result = json_decode((string) curl_exec($ch), true);

if (empty($result['success'])) {
    http_response_code(400);
    exit('Captcha check failed. Please try again.');
}

// The captcha was solved: continue processing the form.`,
    form: [
      {
        id: 'widget',
        label: { de: 'Widget', en: 'Widget' },
        fields: [
          {
            id: 'widgetLanguage',
            name: {
              de: 'Sprache des Widgets (z. B. de, en oder auto)',
              en: 'Widget language (e.g. de, en or auto)',
            },
            fieldType: 'text',
          },
          {
            id: 'difficulty',
            name: { de: 'Schwierigkeit (niedrig, mittel, hoch)', en: 'Difficulty (low, medium, high)' },
            fieldType: 'text',
          },
          {
            id: 'customCss',
            name: { de: 'Eigenes CSS', en: 'Custom CSS' },
            fieldType: 'textarea',
          },
        ],
      },
      {
        id: 'access',
        label: { de: 'Zugriff', en: 'Access' },
        fields: [
          {
            id: 'allowedOrigins',
            name: { de: 'Erlaubte Domains (eine pro Zeile)', en: 'Allowed domains (one per line)' },
            fieldType: 'textarea',
          },
        ],
      },
    ],
    logoSvg: logo(cp, shieldGlyph(cp)),
    thumbnailSvg: thumbCaptcha,
    gallery: [
      { name: { de: 'Widget im Kontaktformular', en: 'Widget in a contact form' }, svg: captchaForm },
      {
        name: { de: 'Schiebe-Aufgabe bei Verdacht', en: 'Slider challenge when in doubt' },
        svg: captchaSlider,
      },
      { name: { de: 'Zustände des Widgets', en: 'Widget states' }, svg: captchaStates },
      { name: { de: 'Dunkles Design', en: 'Dark theme' }, svg: captchaDark },
      { name: { de: 'Serverseitige Prüfung', en: 'Server-side verification' }, svg: captchaVerify },
      { name: { de: 'Statistik im Portal', en: 'Statistics in the portal' }, svg: captchaUsage },
    ],
  },
  {
    id: 'botSchutzInvisible',
    category: 'captcha',
    name: { de: 'Bot-Schutz Invisible', en: 'Invisible Bot Protection' },
    descriptionShort: {
      de: 'Erkennt Bots unsichtbar im Hintergrund – ganz ohne Rätsel für deine Besucher.',
      en: 'Detects bots silently in the background, with no puzzles for your visitors.',
    },
    description: {
      de:
        '<p>Bot-Schutz Invisible bewertet jeden Seitenaufruf anhand technischer Merkmale des Browsers und des Interaktionsverhaltens und vergibt einen Risikowert zwischen 0 und 1. Echte Besucher merken davon nichts: kein Klicken, kein Rätsel, keine Wartezeit.</p>' +
        '<h3>Typische Einsatzbereiche</h3>' +
        '<ul><li>Schutz vor dem automatisierten Auslesen von Preisen und Produktdaten</li>' +
        '<li>Abwehr von Credential Stuffing auf Login-Seiten</li>' +
        '<li>Saubere Zahlen in deiner Webanalyse, weil Bot-Zugriffe markiert werden</li></ul>' +
        '<p>Das Skript ist kleiner als 8 KB und wird asynchron geladen, damit es die Ladezeit deiner Seiten nicht beeinflusst. Abgerechnet wird pro 1.000 geschützten Seitenaufrufen zuzüglich einer monatlichen Grundgebühr.</p>',
      en:
        '<p>Invisible Bot Protection rates every page view based on technical browser characteristics and interaction patterns and assigns a risk score between 0 and 1. Real visitors notice nothing: no clicking, no puzzles, no waiting.</p>' +
        '<h3>Typical use cases</h3>' +
        '<ul><li>Stops automated scraping of prices and product data</li>' +
        '<li>Fends off credential stuffing on login pages</li>' +
        '<li>Keeps your web analytics clean because bot traffic is flagged</li></ul>' +
        '<p>The script is smaller than 8 KB and loads asynchronously, so it does not affect your page load time. Billing is per 1,000 protected page views plus a monthly base fee.</p>',
    },
    accounting: 'pageview',
    pricePer1000Calls: 60,
    monthlyFee: 990,
    singlePayment: 0,
    demoHref: 'https://demo.example.com/bot-schutz',
    dataCopyright: null,
    dataLastUpdate: null,
    jsServiceCodeType: 'html',
    jsServiceCodeTemplate: `<!-- Place in the <head> of every page you want to protect -->
<script src="https://api.example.com/botguard/v1/guard.js"
        data-key="{{licenceKey}}"
        data-forms="auto"
        async></script>`,
    serviceCodeBackendTemplate: `<?php
// guard.js adds the hidden field "bg-token" to your forms.
$ch = curl_init('https://api.example.com/botguard/v1/score');
curl_setopt_array($ch, [
    CURLOPT_POST           => true,
    CURLOPT_HTTPHEADER     => ['Content-Type: application/json'],
    CURLOPT_POSTFIELDS     => json_encode([
        'key'   => '{{licenceKey}}',
        'token' => $_POST['bg-token'] ?? '',
    ]),
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_TIMEOUT        => 3,
]);
$result = json_decode((string) curl_exec($ch), true);

// Score 0 = human, 1 = bot. Fail open if the service cannot be reached.
if (is_array($result) && ($result['score'] ?? 0) >= 0.8) {
    http_response_code(403);
    exit;
}`,
    form: [
      {
        id: 'protection',
        label: { de: 'Schutz', en: 'Protection' },
        fields: [
          {
            id: 'protectedPaths',
            name: {
              de: 'Geschützte Pfade (einer pro Zeile, leer = alle)',
              en: 'Protected paths (one per line, empty = all)',
            },
            fieldType: 'textarea',
          },
          {
            id: 'threshold',
            name: { de: 'Schwellenwert für Bots (0 bis 1)', en: 'Bot threshold (0 to 1)' },
            fieldType: 'text',
          },
          {
            id: 'alertWebhook',
            name: { de: 'Webhook-URL für Angriffswarnungen', en: 'Webhook URL for attack alerts' },
            fieldType: 'text',
          },
        ],
      },
    ],
    logoSvg: logo(bp, invisibleGlyph(bp)),
    thumbnailSvg: thumbBot,
    gallery: [
      { name: { de: 'Unsichtbar im Online-Shop', en: 'Invisible in your online shop' }, svg: botShop },
      { name: { de: 'Menschen und Bots im Vergleich', en: 'Humans versus bots' }, svg: botDonut },
      { name: { de: 'Protokoll der Seitenaufrufe', en: 'Page view log' }, svg: botLog },
      { name: { de: 'Seitenaufrufe im Zeitverlauf', en: 'Page views over time' }, svg: botPageviews },
    ],
  },
  {
    id: 'adressvalidierung',
    category: 'address',
    name: { de: 'Adressvalidierung', en: 'Address Validation' },
    descriptionShort: {
      de: 'Prüft und korrigiert Postanschriften in Deutschland, Österreich und der Schweiz in Echtzeit, direkt bei der Eingabe.',
      en: 'Checks and corrects postal addresses in Germany, Austria and Switzerland in real time, right as customers type.',
    },
    description: {
      de:
        '<p>Falsche oder unvollständige Anschriften kosten Geld: Retouren, Nachsendungen und verärgerte Kundinnen und Kunden. Die Adressvalidierung gleicht jede Eingabe mit amtlichen Referenzdaten ab und schlägt bei Tippfehlern die richtige Schreibweise vor – noch bevor die Bestellung abgeschickt ist.</p>' +
        '<h3>Was geprüft wird</h3>' +
        '<ul><li>Straße und Hausnummer, auch bei Schreibvarianten wie „Str.“, „Strasse“ oder „Straße“</li>' +
        '<li>Postleitzahl und Ort, einschließlich Ortsteilen und Gemeindezusammenlegungen</li>' +
        '<li>Existenz der Hausnummer in der angegebenen Straße</li></ul>' +
        '<h3>Antwort der API</h3>' +
        '<p>Jede Anfrage liefert einen Status (<code>valid</code>, <code>corrected</code>, <code>ambiguous</code> oder <code>invalid</code>), die normalisierte Anschrift und bei Bedarf bis zu fünf Vorschläge. Für Bestandsdaten steht zusätzlich eine Stapelprüfung per CSV-Datei bereit.</p>',
      en:
        '<p>Wrong or incomplete addresses cost money: returns, forwarding fees and unhappy customers. Address Validation checks every entry against official reference data and suggests the correct spelling when someone makes a typo, before the order is even submitted.</p>' +
        '<h3>What is checked</h3>' +
        '<ul><li>Street and house number, including spelling variants such as “Str.”, “Strasse” or “Straße”</li>' +
        '<li>Postcode and town, including districts and merged municipalities</li>' +
        '<li>Whether the house number exists in the given street</li></ul>' +
        '<h3>The API response</h3>' +
        '<p>Every request returns a status (<code>valid</code>, <code>corrected</code>, <code>ambiguous</code> or <code>invalid</code>), the normalised address and, where needed, up to five suggestions. For existing customer data there is also a batch check via CSV upload.</p>',
    },
    accounting: 'request',
    pricePer1000Calls: 250,
    monthlyFee: 0,
    singlePayment: 0,
    demoHref: 'https://demo.example.com/adressvalidierung',
    dataCopyright: '© GeoBasis-DE / BKG 2026',
    dataLastUpdate: '2026-10-01',
    jsServiceCodeType: 'javascript',
    jsServiceCodeTemplate: `// Check the delivery address as soon as the customer leaves a field.
const form = document.querySelector('#delivery-address');

async function validateAddress() {
  const response = await fetch('https://api.example.com/address/v1/validate', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Licence-Key': '{{licenceKey}}',
    },
    body: JSON.stringify({
      street: form.street.value,
      houseNumber: form.houseNumber.value,
      postalCode: form.postalCode.value,
      city: form.city.value,
      country: 'DE',
    }),
  });
  const result = await response.json();

  if (result.status === 'corrected') {
    form.street.value = result.address.street;
    form.postalCode.value = result.address.postalCode;
    form.city.value = result.address.city;
  }
}

form.addEventListener('change', validateAddress);`,
    serviceCodeBackendTemplate: `<?php
// Validate again on the server before the order is stored.
$ch = curl_init('https://api.example.com/address/v1/validate');
curl_setopt_array($ch, [
    CURLOPT_POST           => true,
    CURLOPT_HTTPHEADER     => [
        'Content-Type: application/json',
        'X-Licence-Key: {{licenceKey}}',
    ],
    CURLOPT_POSTFIELDS     => json_encode([
        'street'      => $_POST['street'] ?? '',
        'houseNumber' => $_POST['houseNumber'] ?? '',
        'postalCode'  => $_POST['postalCode'] ?? '',
        'city'        => $_POST['city'] ?? '',
        'country'     => 'DE',
    ]),
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_TIMEOUT        => 5,
]);
$result = json_decode((string) curl_exec($ch), true);

$status = $result['status'] ?? 'unavailable';
if ($status === 'invalid' || $status === 'ambiguous') {
    // Ask the customer to check the address before placing the order.
}`,
    form: [
      {
        id: 'validation',
        label: { de: 'Prüfung', en: 'Validation' },
        fields: [
          {
            id: 'countries',
            name: { de: 'Länder (ISO-Codes, kommagetrennt)', en: 'Countries (ISO codes, comma-separated)' },
            fieldType: 'text',
          },
          {
            id: 'autoCorrect',
            name: {
              de: 'Eindeutige Korrekturen automatisch übernehmen (ja/nein)',
              en: 'Apply unambiguous corrections automatically (yes/no)',
            },
            fieldType: 'text',
          },
          {
            id: 'allowedOrigins',
            name: { de: 'Erlaubte Domains (eine pro Zeile)', en: 'Allowed domains (one per line)' },
            fieldType: 'textarea',
          },
        ],
      },
    ],
    logoSvg: logo(ap, houseGlyph(ap)),
    thumbnailSvg: thumbAddress,
    gallery: [
      {
        name: { de: 'Geprüfte Lieferadresse im Checkout', en: 'Validated delivery address at checkout' },
        svg: addressCheckout,
      },
      { name: { de: 'Korrekturvorschlag', en: 'Correction suggestion' }, svg: addressSuggestion },
      { name: { de: 'Stapelprüfung per CSV', en: 'Batch check via CSV' }, svg: addressBatch },
      { name: { de: 'Antwort der API', en: 'API response' }, svg: addressResponse },
      { name: { de: 'Qualitätsbericht', en: 'Quality report' }, svg: addressReport },
    ],
  },
  {
    id: 'plzAutovervollstaendigung',
    category: 'address',
    name: { de: 'PLZ-Autovervollständigung', en: 'Postcode Autocomplete' },
    descriptionShort: {
      de: 'Schlägt schon nach wenigen Zeichen passende Postleitzahlen, Orte und Straßen vor.',
      en: 'Suggests matching postcodes, towns and streets after just a few keystrokes.',
    },
    description: {
      de:
        '<p>Weniger Tippen, weniger Fehler: Die PLZ-Autovervollständigung ergänzt Postleitzahl, Ort und Straße, während deine Kundinnen und Kunden schreiben. Das verkürzt Formulare spürbar und sorgt dafür, dass Adressen von Anfang an korrekt erfasst werden.</p>' +
        '<h3>Funktionen</h3>' +
        '<ul><li>Postleitzahl ergänzt Ort und Ortsteil, der Ort schlägt passende Postleitzahlen vor</li>' +
        '<li>Straßennamen passend zur gewählten Postleitzahl</li>' +
        '<li>Fehlertolerante Suche: „Muenchen“ findet „München“</li>' +
        '<li>Bedienbar per Tastatur, mit ARIA-Attributen für Screenreader</li></ul>' +
        '<p>Antworten kommen in der Regel in unter 30 Millisekunden. Das Skript bündelt Eingaben, bevor es fragt, damit nicht jeder Tastendruck eine abrechenbare Anfrage auslöst.</p>',
      en:
        '<p>Less typing, fewer mistakes: Postcode Autocomplete fills in postcode, town and street while your customers type. Forms get noticeably shorter and addresses are captured correctly from the start.</p>' +
        '<h3>Features</h3>' +
        '<ul><li>A postcode fills in town and district; a town suggests matching postcodes</li>' +
        '<li>Street names that match the selected postcode</li>' +
        '<li>Typo-tolerant search: “Muenchen” finds “München”</li>' +
        '<li>Keyboard-operable, with ARIA attributes for screen readers</li></ul>' +
        '<p>Responses usually arrive in under 30 milliseconds. The script debounces input before it asks, so not every keystroke becomes a billable request.</p>',
    },
    accounting: 'request',
    pricePer1000Calls: 50,
    monthlyFee: 0,
    singlePayment: 0,
    demoHref: null,
    dataCopyright: '© GeoBasis-DE / BKG 2026',
    dataLastUpdate: '2026-09-15',
    jsServiceCodeType: 'html',
    jsServiceCodeTemplate: `<script src="https://api.example.com/autocomplete/v1/autocomplete.js" defer></script>

<label for="postcode">PLZ</label>
<input id="postcode" name="postcode" autocomplete="postal-code"
       data-autocomplete="postcode" data-key="{{licenceKey}}"
       data-fill-city="#city" data-fill-street="#street">

<label for="city">Ort</label>
<input id="city" name="city" autocomplete="address-level2">

<label for="street">Street</label>
<input id="street" name="street" autocomplete="address-line1"
       data-autocomplete="street" data-key="{{licenceKey}}">`,
    serviceCodeBackendTemplate: null,
    form: null,
    logoSvg: logo(pp, autocompleteGlyph(pp)),
    thumbnailSvg: thumbPlz,
    gallery: [
      { name: { de: 'Vorschläge zur Postleitzahl', en: 'Postcode suggestions' }, svg: plzPostcode },
      { name: { de: 'Straßen passend zur PLZ', en: 'Streets matching the postcode' }, svg: plzStreet },
      { name: { de: 'Auf dem Smartphone', en: 'On a smartphone' }, svg: plzMobile },
    ],
  },
  {
    id: 'geokodierung',
    category: 'address',
    name: { de: 'Geokodierung', en: 'Geocoding' },
    descriptionShort: {
      de: 'Wandelt Adressen in Koordinaten um und umgekehrt – hausnummerngenau für ganz Deutschland, mit Umkreissuche.',
      en: 'Turns addresses into coordinates and back again, accurate to the house number across Germany, with radius search.',
    },
    description: {
      de:
        '<p>Die Geokodierung liefert zu jeder Anschrift Breiten- und Längengrad (WGS 84) samt einer Angabe zur Genauigkeit. Die Rückwärtssuche ermittelt zu einer Koordinate die nächstgelegene Adresse.</p>' +
        '<h3>Typische Anwendungen</h3>' +
        '<ul><li>Filialfinder und Umkreissuche in deinem Online-Shop</li>' +
        '<li>Tourenplanung und Zuschnitt von Liefergebieten</li>' +
        '<li>Standortanalysen und Darstellung von Kundendaten auf Karten</li></ul>' +
        '<h3>Datenbasis</h3>' +
        '<p>Grundlage sind die amtlichen Hauskoordinaten der Vermessungsverwaltungen, ergänzt um Straßen- und Ortsmittelpunkte. Wir aktualisieren den Bestand vierteljährlich; das Datum des letzten Standes findest du unten.</p>',
      en:
        '<p>Geocoding returns latitude and longitude (WGS 84) for every address together with an accuracy level. Reverse geocoding finds the nearest address for a given coordinate.</p>' +
        '<h3>Typical uses</h3>' +
        '<ul><li>Store locators and radius search in your online shop</li>' +
        '<li>Route planning and drawing delivery areas</li>' +
        '<li>Location analysis and plotting customer data on maps</li></ul>' +
        '<h3>Data source</h3>' +
        '<p>The service is based on the official building coordinates of the German surveying authorities, complemented by street and town centroids. We update the data every quarter; you will find the date of the latest release below.</p>',
    },
    accounting: 'request',
    pricePer1000Calls: 180,
    monthlyFee: 0,
    singlePayment: 0,
    demoHref: 'https://demo.example.com/geokodierung',
    dataCopyright: '© GeoBasis-DE / BKG 2026',
    dataLastUpdate: '2026-10-01',
    jsServiceCodeType: 'javascript',
    jsServiceCodeTemplate: `// Address to coordinates
const params = new URLSearchParams({ q: 'Musterstraße 1, 10115 Berlin', limit: '1' });

const response = await fetch('https://api.example.com/geo/v1/search?' + params, {
  headers: { 'X-Licence-Key': '{{licenceKey}}' },
});
const [hit] = await response.json();

console.log(hit.lat, hit.lon, hit.precision); // 52.5321 13.3849 "building"

// Coordinates to address: GET https://api.example.com/geo/v1/reverse?lat=52.5321&lon=13.3849`,
    serviceCodeBackendTemplate: null,
    form: null,
    logoSvg: logo(gp, pinGlyph(gp)),
    thumbnailSvg: thumbGeo,
    gallery: [
      { name: { de: 'Treffer auf der Karte', en: 'Results on the map' }, svg: geoResults },
      { name: { de: 'Rückwärtssuche', en: 'Reverse geocoding' }, svg: geoReverse },
      { name: { de: 'Stapelgeokodierung', en: 'Batch geocoding' }, svg: geoTable },
      { name: { de: 'Umkreissuche', en: 'Radius search' }, svg: geoRadius },
    ],
  },
  {
    id: 'firmendatenApi',
    category: 'data',
    name: { de: 'Firmendaten-API', en: 'Company Data API' },
    descriptionShort: {
      de: 'Handelsregisterdaten, Anschriften und Geschäftsführung deutscher Unternehmen – als Flatrate mit Änderungsdienst.',
      en: 'Commercial register data, addresses and management of German companies, as a flat rate with change alerts.',
    },
    description: {
      de:
        '<p>Die Firmendaten-API liefert strukturierte Stammdaten zu Unternehmen in Deutschland: Firmierung, Rechtsform, Registergericht und Registernummer, Anschrift, vertretungsberechtigte Personen und den Gegenstand des Unternehmens.</p>' +
        '<h3>Änderungsdienst</h3>' +
        '<p>Behalte deine Geschäftspartner im Blick. Ändert sich etwas im Register – etwa die Geschäftsführung, der Sitz oder der Status –, senden wir eine Nachricht an deine Callback-URL.</p>' +
        '<h3>Konditionen</h3>' +
        '<ul><li>Monatliche Pauschale mit unbegrenzten Abfragen (bis zu 10 Anfragen pro Sekunde)</li>' +
        '<li>Einmalige Einrichtung inklusive Abgleich deines Kundenbestands</li>' +
        '<li>Monatlich kündbar</li></ul>',
      en:
        '<p>The Company Data API delivers structured master data on companies in Germany: company name, legal form, register court and number, address, authorised representatives and the registered business purpose.</p>' +
        '<h3>Change alerts</h3>' +
        '<p>Keep an eye on your business partners. When something changes in the register, such as the management, the registered office or the status, we send a message to your callback URL.</p>' +
        '<h3>Terms</h3>' +
        '<ul><li>Monthly flat fee with unlimited lookups (up to 10 requests per second)</li>' +
        '<li>One-off setup including a match against your customer records</li>' +
        '<li>Cancellable monthly</li></ul>',
    },
    accounting: 'monthly',
    pricePer1000Calls: 0,
    monthlyFee: 4900,
    singlePayment: 9900,
    demoHref: null,
    dataCopyright: '© Beispiel Webservices GmbH 2026, Quelle: Handelsregister',
    dataLastUpdate: '2026-11-20',
    jsServiceCodeType: 'javascript',
    jsServiceCodeTemplate: `const params = new URLSearchParams({ name: 'Muster Logistik', city: 'Berlin' });

const response = await fetch('https://api.example.com/companies/v1/search?' + params, {
  headers: { 'X-Licence-Key': '{{licenceKey}}' },
});
const { items } = await response.json();

for (const company of items) {
  console.log(company.name, company.register.court, company.register.number, company.status);
}`,
    serviceCodeBackendTemplate: null,
    form: [
      {
        id: 'monitoring',
        label: { de: 'Änderungsdienst', en: 'Change alerts' },
        fields: [
          {
            id: 'callbackUrl',
            name: { de: 'Callback-URL für Änderungen', en: 'Callback URL for changes' },
            fieldType: 'text',
          },
          {
            id: 'watchList',
            name: {
              de: 'Beobachtete Registernummern (eine pro Zeile, z. B. HRB 987654 B)',
              en: 'Watched register numbers (one per line, e.g. HRB 987654 B)',
            },
            fieldType: 'textarea',
          },
        ],
      },
      {
        id: 'delivery',
        label: { de: 'Benachrichtigung', en: 'Notifications' },
        fields: [
          {
            id: 'digestEmail',
            name: {
              de: 'E-Mail-Adresse für die wöchentliche Zusammenfassung',
              en: 'Email address for the weekly digest',
            },
            fieldType: 'text',
          },
        ],
      },
    ],
    logoSvg: logo(fp, buildingGlyph(fp)),
    thumbnailSvg: thumbCompany,
    gallery: [
      { name: { de: 'Firmenprofil', en: 'Company profile' }, svg: companyProfile },
      { name: { de: 'Suche nach Firmen', en: 'Company search' }, svg: companySearch },
      { name: { de: 'Änderungsdienst', en: 'Change alerts' }, svg: companyMonitor },
      { name: { de: 'Strukturierte JSON-Daten', en: 'Structured JSON data' }, svg: companyJson },
    ],
  },
  {
    id: 'bankdatenPruefung',
    category: 'data',
    name: { de: 'Bankdaten-Prüfung', en: 'Bank Details Check' },
    descriptionShort: {
      de: 'Prüft IBAN und BIC auf Gültigkeit und ergänzt Bankname und BIC automatisch.',
      en: 'Validates IBAN and BIC and fills in the bank name and BIC automatically.',
    },
    description: {
      de:
        '<p>Tippfehler in Bankverbindungen führen zu Rücklastschriften und Bankgebühren. Die Bankdaten-Prüfung kontrolliert Format und Prüfziffer der IBAN, ermittelt die zugehörige Bank und zeigt, ob das Konto SEPA-Lastschriften empfangen kann.</p>' +
        '<h3>Prüfungen</h3>' +
        '<ul><li>Länderformat und Prüfziffer nach ISO 13616</li>' +
        '<li>Prüfziffernverfahren der Deutschen Bundesbank für deutsche Kontonummern</li>' +
        '<li>BIC und Bankname aus der aktuellen Bankleitzahlendatei</li>' +
        '<li>Erreichbarkeit für SEPA-Überweisungen und -Lastschriften</li></ul>' +
        '<p><em>Hinweis:</em> Die Prüfung stellt fest, ob eine Bankverbindung gültig sein kann. Kontostände werden nicht abgefragt und keine Daten an Banken übermittelt.</p>',
      en:
        '<p>Typos in bank details lead to returned direct debits and bank charges. Bank Details Check verifies the format and check digits of an IBAN, identifies the bank behind it and tells you whether the account can receive SEPA direct debits.</p>' +
        '<h3>Checks</h3>' +
        '<ul><li>Country format and check digits according to ISO 13616</li>' +
        '<li>Deutsche Bundesbank check digit methods for German account numbers</li>' +
        '<li>BIC and bank name from the current bank sort code file</li>' +
        '<li>Reachability for SEPA credit transfers and direct debits</li></ul>' +
        '<p><em>Please note:</em> the check tells you whether bank details can be valid. No balances are queried and no data is sent to banks.</p>',
    },
    accounting: 'request',
    pricePer1000Calls: 150,
    monthlyFee: 0,
    singlePayment: 0,
    demoHref: 'https://demo.example.com/iban-pruefung',
    dataCopyright: '© Deutsche Bundesbank, Bankleitzahlendatei',
    dataLastUpdate: '2026-09-07',
    jsServiceCodeType: 'javascript',
    jsServiceCodeTemplate: `const iban = document.querySelector('#iban');

iban.addEventListener('blur', async () => {
  const response = await fetch('https://api.example.com/bank/v1/iban/check', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Licence-Key': '{{licenceKey}}',
    },
    body: JSON.stringify({ iban: iban.value }),
  });
  const result = await response.json();

  iban.setCustomValidity(result.valid ? '' : 'Please check the IBAN.');
  document.querySelector('#bic').value = result.bic ?? '';
  document.querySelector('#bank-name').value = result.bankName ?? '';
});`,
    serviceCodeBackendTemplate: null,
    form: null,
    logoSvg: logo(kp, bankGlyph(kp)),
    thumbnailSvg: thumbBank,
    gallery: [
      {
        name: { de: 'Gültige IBAN mit ergänzter Bank', en: 'Valid IBAN with bank filled in' },
        svg: bankValid,
      },
      { name: { de: 'Fehlerhafte Prüfziffer', en: 'Wrong check digits' }, svg: bankInvalid },
      { name: { de: 'Prüfung vieler Mandate', en: 'Checking many mandates' }, svg: bankBulk },
    ],
  },
];

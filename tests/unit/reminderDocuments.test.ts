/**
 * The payment reminders' rendering (issue 30): the placeholders of the texts, the e-mail, the
 * letter's PDF (read back with poppler's pdftotext where present), the aging's CSV and PDF and the
 * customer's page.
 */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  fillText,
  unknownKeys,
  reminderValues,
  reminderMailText,
  reminderPdfDoc,
  REMINDER_KEYS,
  type ReminderDocData,
} from '../../server/areas/reminders/documents';
import { agingCsv, agingPdfDoc } from '../../server/areas/reminders/agingDocument';
import { customerPageHtml, errorPageHtml, PAGE_CSP } from '../../server/areas/reminders/customerPage';
import { renderPdf } from '../../server/render/pdf';
import type { StudioData } from '../../server/render/frame';
import type { Aging } from '../../model/api/reminders';

const PDFTOTEXT = '/usr/bin/pdftotext';
/** the PDF's text, blanks and line breaks made single spaces */
const pdfText = (pdf: Buffer) =>
  execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

const studio: StudioData = {
  name: 'Studio Bianchi & Rossi',
  subtitle: 'Dottori commercialisti',
  address: 'Via Roma 12, 20121 Milano',
  email: 'studio@bianchi.test',
  tel_number: '02 1234567',
  vat_number: '01234567890',
  website: 'www.bianchi.test',
  iban: 'IT60X0542811101000000123456',
  footer_line1: 'Studio Bianchi & Rossi',
  logo: null,
};
const IBAN = 'IT60X0542811101000000123456';
const LINK = 'https://gestionale.test/p/abc123DEF456';

const doc = (over: Partial<ReminderDocData> = {}): ReminderDocData => ({
  studio: { ...studio, city: 'Milano' },
  customer: {
    business_name: 'Alfa Servizi S.r.l.',
    address: 'Corso Vittorio Emanuele 3',
    postal_code: '10121',
    city: 'Torino',
    vat_id: '09876543210',
    fiscal_code: '09876543210',
  },
  level: 2,
  day: '2026-03-15',
  subject: 'Sollecito di pagamento',
  text: 'Gentile cliente,\n\nrisultano ancora da pagare gli importi qui sotto.\nLa preghiamo di provvedere.\n\nCordiali saluti',
  items: [
    {
      due: '2026-01-31',
      description: 'Onorari gennaio',
      invoice: '12/2026',
      amount: 1220,
      open: 1220,
      days_overdue: 43,
    },
    {
      due: '2025-12-31',
      description: 'Dichiarazione IVA',
      invoice: null,
      amount: 500,
      open: 14.56,
      days_overdue: 74,
    },
  ],
  total: 1234.56,
  iban: IBAN,
  beneficiary: 'Studio Bianchi & Rossi',
  remittance: 'Sollecito Alfa Servizi S.r.l. (P.IVA 09876543210)',
  link: LINK,
  ...over,
});

describe('fillText', () => {
  it('replaces the known keys, leaves the unknown ones as written', () => {
    expect(fillText('Gentile {nome}, devi {importo} ({ignota}).', { nome: 'Mario', importo: '10,00 €' })).toBe(
      'Gentile Mario, devi 10,00 € ({ignota}).',
    );
    expect(fillText('{A}{a}', { a: 'x' })).toBe('{A}x');
    expect(fillText('{ nome } {nome.x} {1x}', { nome: 'M' })).toBe('{ nome } {nome.x} {1x}');
  });
  it('never expands a value again, nor evaluates anything', () => {
    expect(fillText('{a} {b}', { a: '{b}', b: '{a}' })).toBe('{b} {a}');
    expect(fillText('{a}', { a: '$& $1 $$' })).toBe('$& $1 $$');
    expect(fillText('${a} {{a}}', { a: 'x' })).toBe('$x {x}');
  });
  it('takes nothing from the prototype', () => {
    expect(fillText('{__proto__} {constructor} {toString} {hasOwnProperty}', {})).toBe(
      '{__proto__} {constructor} {toString} {hasOwnProperty}',
    );
    const values = Object.create({ inherited: 'no' }) as Record<string, string>;
    values.own = 'yes';
    expect(fillText('{inherited} {own}', values)).toBe('{inherited} yes');
    expect(fillText('{constructor}', JSON.parse('{"constructor":"ok"}') as Record<string, string>)).toBe('ok');
  });
});

describe('unknownKeys', () => {
  it('lists the keys not known, once each, in order', () => {
    const known = new Set(['nome', 'sollecito_totale']);
    expect(unknownKeys('{nome} {x} {sollecito_totale} {y} {x} {not a key}', known)).toEqual(['x', 'y']);
    expect(unknownKeys('nessuna chiave', known)).toEqual([]);
  });
  it('reads the first 20,000 characters only', () => {
    expect(unknownKeys(`${' '.repeat(20_000)}{late}`, new Set())).toEqual([]);
    expect(unknownKeys(`${' '.repeat(19_990)}{early}`, new Set())).toEqual(['early']);
  });
  it('knows every reminder key as a key', () => {
    const keys = REMINDER_KEYS.map((k) => k.key);
    expect(keys).toEqual([
      'sollecito_livello',
      'sollecito_partite',
      'sollecito_totale',
      'sollecito_iban',
      'sollecito_causale',
      'sollecito_link',
      'sollecito_scaduto_dal',
    ]);
    expect(REMINDER_KEYS.every((k) => k.group === 'Sollecito' && k.description)).toBe(true);
    expect(unknownKeys(keys.map((k) => `{${k}}`).join(' '), new Set(keys))).toEqual([]);
  });
});

describe('reminderValues', () => {
  it('formats the values in Italian', () => {
    const v = reminderValues(doc(), 3);
    expect(v.sollecito_livello).toBe('3');
    expect(v.sollecito_totale).toBe('1.234,56');
    expect(v.sollecito_iban).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(v.sollecito_causale).toBe('Sollecito Alfa Servizi S.r.l. (P.IVA 09876543210)');
    expect(v.sollecito_link).toBe(LINK);
    expect(v.sollecito_scaduto_dal).toBe('31-12-2025');
    expect(v.sollecito_partite!.split('\n')).toEqual([
      '31-01-2026  Onorari gennaio (fattura 12/2026)  1.220,00 €',
      '31-12-2025  Dichiarazione IVA  14,56 €',
    ]);
    expect(Object.keys(v).sort()).toEqual(REMINDER_KEYS.map((k) => k.key).sort());
  });
  it('leaves empty what is missing', () => {
    const v = reminderValues(doc({ items: [], iban: null, link: null, total: 0 }), 1);
    expect(v).toMatchObject({
      sollecito_partite: '',
      sollecito_iban: '',
      sollecito_link: '',
      sollecito_scaduto_dal: '',
      sollecito_totale: '0,00',
    });
  });
});

const studioMail = {
  name: 'Studio Bianchi & Rossi',
  address: 'Via Roma 12, 20121 Milano',
  tel: '02 1234567',
  email: 'studio@bianchi.test',
  website: 'www.bianchi.test',
};

describe('reminderMailText', () => {
  it('carries the text, the total, how to pay and the link on a line of its own, signed by the studio', () => {
    const m = reminderMailText(doc(), studioMail);
    expect(m.subject).toBe('Sollecito di pagamento');
    const lines = m.text.split('\n');
    expect(lines[0]).toBe('Gentile cliente,');
    expect(m.text).toContain('risultano ancora da pagare gli importi qui sotto.\nLa preghiamo di provvedere.');
    expect(lines).toContain('Totale scaduto: 1.234,56 €');
    expect(lines).toContain('IBAN: IT60 X054 2811 1010 0000 0123 456');
    expect(lines).toContain('Causale: Sollecito Alfa Servizi S.r.l. (P.IVA 09876543210)');
    expect(lines).toContain(LINK);
    expect(lines).toContain('Studio Bianchi & Rossi');
    expect(lines).toContain('Tel. 02 1234567 · studio@bianchi.test');
    expect(m.html).toContain(`<a href="${LINK}"`);
    expect(m.html).toContain('1.234,56 €');
    expect(m.html).toContain('Studio Bianchi &amp; Rossi');
  });
  it('a text that carries the link itself ({sollecito_link}) gets it once, as a link in the HTML', () => {
    const m = reminderMailText(doc({ text: `Gentile cliente,\n\npaghi qui: ${LINK}` }), studioMail);
    expect(m.text.split(LINK)).toHaveLength(2);
    expect(m.html.split(`<a href="${LINK}"`)).toHaveLength(2);
    expect(m.html).toContain(`paghi qui: <a href="${LINK}"`);
  });
  it('escapes everything in the HTML', () => {
    const evil = '<script>alert(1)</script>';
    const m = reminderMailText(
      doc({
        subject: `Sollecito ${evil}`,
        text: `Gentile ${evil},\n\npaghi.`,
        customer: { ...doc().customer, business_name: evil },
        beneficiary: evil,
        remittance: `"${evil}"`,
        link: 'javascript:alert(1)',
      }),
      { ...studioMail, name: evil },
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // a link that is no web address is shown, never made a link
    expect(m.html).not.toMatch(/href="javascript/i);
  });
  it('without an IBAN asks to contact the studio', () => {
    const m = reminderMailText(doc({ iban: null, link: null }), studioMail);
    expect(m.text).not.toContain('IBAN');
    expect(m.text).toContain('contattare lo studio');
    expect(m.text).toContain('Totale scaduto: 1.234,56 €');
    expect(m.html).not.toContain('<a ');
  });
});

describe('reminderPdfDoc', () => {
  it('renders a PDF with the letter, the items, the total, the payment notice and the link', async () => {
    const pdf = await renderPdf(await reminderPdfDoc(doc()));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!existsSync(PDFTOTEXT)) return;
    const text = pdfText(pdf);
    for (const s of [
      'Sollecito di pagamento',
      'Alfa Servizi S.r.l.',
      'Milano, 15-03-2026',
      'risultano ancora da pagare',
      'Onorari gennaio',
      'Dichiarazione IVA',
      '12/2026',
      'Totale scaduto',
      '1.234,56 €',
      'Avviso di pagamento',
      'IT60 X054 2811 1010 0000 0123 456',
      'Giorni di ritardo',
      'app della tua banca',
      `Consulta la tua situazione aggiornata: ${LINK}`,
    ])
      expect(text).toContain(s);
  });
  it('without an IBAN draws no payment box and asks to contact the studio', async () => {
    const d = await reminderPdfDoc(doc({ iban: null, link: null }));
    expect(JSON.stringify(d)).not.toContain('studioBox');
    const pdf = await renderPdf(d);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!existsSync(PDFTOTEXT)) return;
    const text = pdfText(pdf);
    expect(text).toContain('contattare lo studio');
    expect(text).not.toContain('Avviso di pagamento');
    expect(text).not.toContain('Consulta la tua situazione');
  });
  it('links the customer page only when it is a web address', async () => {
    const json = JSON.stringify(await reminderPdfDoc(doc()));
    expect(json).toContain(`"link":"${LINK}"`);
    expect(JSON.stringify(await reminderPdfDoc(doc({ link: 'javascript:alert(1)' })))).not.toContain('"link":');
  });
});

const aging: Aging = {
  as_of: '2026-03-15',
  rows: [
    {
      customer_id: 1,
      business_name: 'Alfa "Servizi"; S.r.l.',
      collaborator_id: 3,
      collaborator: 'Mario Verdi',
      legal_status: 'S.r.l.',
      legal_status_cod: 'SRL',
      has_mandate: true,
      contested: false,
      oldest_due: '2025-11-30',
      not_due: 1000,
      d1_30: 1234.5,
      d31_60: 0,
      d61_90: 0,
      over_90: 0.1,
      total: 2234.6,
    },
    {
      customer_id: 2,
      business_name: '=HYPERLINK("http://x.test","clic")',
      collaborator_id: null,
      collaborator: null,
      legal_status: null,
      legal_status_cod: null,
      has_mandate: false,
      contested: true,
      oldest_due: null,
      not_due: 0,
      d1_30: 0,
      d31_60: -20,
      d61_90: 0,
      over_90: 0,
      total: -20,
    },
  ],
  totals: {
    customers: 2,
    not_due: 1000,
    d1_30: 1234.5,
    d31_60: -20,
    d61_90: 0,
    over_90: 0.1,
    total: 2214.6,
  },
  by_collaborator: [
    {
      collaborator_id: 3,
      collaborator: 'Mario Verdi',
      customers: 1,
      not_due: 1000,
      d1_30: 1234.5,
      d31_60: 0,
      d61_90: 0,
      over_90: 0.1,
      total: 2234.6,
    },
    {
      collaborator_id: null,
      collaborator: 'Senza collaboratore',
      customers: 1,
      not_due: 0,
      d1_30: 0,
      d31_60: -20,
      d61_90: 0,
      over_90: 0,
      total: -20,
    },
  ],
};

describe('agingCsv', () => {
  it('is semicolon-separated UTF-8 with a BOM, amounts with a decimal comma, a Totale row last', () => {
    const csv = agingCsv(aging, 'Collaboratore: Mario Verdi');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Cliente;Collaboratore;Forma giuridica;Mandato SDD;Non scaduto;1-30 giorni;31-60 giorni;61-90 giorni;Oltre 90 giorni;Totale',
    );
    expect(lines[1]).toBe('"Alfa ""Servizi""; S.r.l.";Mario Verdi;S.r.l.;Sì;1000,00;1234,50;0,00;0,00;0,10;2234,60');
    expect(lines.at(-1)).toBe('Totale;;;;1000,00;1234,50;-20,00;0,00;0,10;2214,60');
    expect(lines).toHaveLength(4);
  });
  it('neutralises formulas: a text cell starting with = + - @ gets a quote, a negative amount stays a number', () => {
    const lines = agingCsv(aging, '').slice(1).split('\r\n');
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://x.test"",""clic"")";;;No;0,00;0,00;-20,00;0,00;0,00;-20,00`);
    const evil = agingCsv(
      {
        ...aging,
        rows: [
          { ...aging.rows[0]!, business_name: '+cmd', collaborator: '-2+3', legal_status: '@SUM(A1)' },
          { ...aging.rows[0]!, business_name: '\tx', collaborator: '\rY', legal_status: 'ok' },
        ],
      },
      '',
    );
    expect(evil).toContain("'+cmd;'-2+3;'@SUM(A1);");
    expect(evil).toContain(`'\tx;`);
    expect(evil).toMatch(/"'\rY"/);
  });
});

describe('agingPdfDoc', () => {
  it('is a landscape A4 with the filters, the customers, the totals and the collaborators', async () => {
    const d = agingPdfDoc({ ...studio, logo: null }, aging, 'Collaboratore: Mario Verdi');
    expect(d.pageOrientation).toBe('landscape');
    expect(d.pageSize).toBe('A4');
    const pdf = await renderPdf(d);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!existsSync(PDFTOTEXT)) return;
    const text = pdfText(pdf);
    for (const s of [
      'Scadenzario clienti',
      'Situazione al 15-03-2026',
      'Collaboratore: Mario Verdi',
      'Alfa "Servizi"; S.r.l.',
      '(contestato)',
      '1.234,50',
      '2.214,60',
      'Totale (2 clienti)',
      'Per collaboratore',
      'Senza collaboratore',
      'Oltre 90 giorni',
    ])
      expect(text).toContain(s);
  });
});

const page = (over: Partial<Parameters<typeof customerPageHtml>[0]> = {}) =>
  customerPageHtml({
    studio: { ...studio, pec: 'studio@pec.bianchi.test' },
    customer: { business_name: 'Alfa Servizi S.r.l.' },
    items: doc().items,
    total: 1234.56,
    upcoming: [],
    iban: IBAN,
    beneficiary: 'Studio Bianchi & Rossi',
    remittance: 'Sollecito Alfa Servizi',
    qr: 'data:image/png;base64,iVBORw0KGgo=',
    updated: '2026-03-15 10:30',
    expires: '2026-04-14',
    ...over,
  });

describe('customerPageHtml', () => {
  it('issue 45 item 9: what is not yet due is shown apart, under its own heading and total, and not asked', () => {
    const html = page({
      upcoming: [
        { due: '2026-04-30', description: 'Onorari aprile', invoice: null, amount: 88.8, open: 88.8, days_overdue: 0 },
      ],
    });
    const asked = html.slice(0, html.indexOf('In scadenza (non ancora da pagare)'));
    expect(asked).toContain('Importi scaduti');
    expect(asked).not.toContain('Onorari aprile');
    expect(html).toContain('In scadenza (non ancora da pagare)');
    expect(html).toMatch(/Totale in scadenza<\/th><td class="num">88,80 €/);
    // the amount asked and paid by the QR code is the overdue total alone
    expect(html).toMatch(/<dt>Importo<\/dt><dd>1\.234,56 €/);
    expect(page()).not.toContain('In scadenza');
  });

  it('shows the total, the items, how to pay and the contacts, in a complete Italian document', () => {
    const html = page();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<h1>Situazione di Alfa Servizi S.r.l.</h1>');
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('1.234,56 €');
    expect(html).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(html).toContain('Onorari gennaio');
    expect(html).toContain('Come pagare');
    expect(html).toContain(`alt="Codice QR per pagare con l'app della banca"`);
    expect(html).toContain('href="tel:021234567"');
    expect(html).toContain('href="mailto:studio@bianchi.test"');
    expect(html).toContain('href="mailto:studio@pec.bianchi.test"');
    expect(html).toContain('href="https://www.bianchi.test"');
    expect(html).toContain('<th scope="col">Scadenza</th>');
    expect(html).toContain('Pagina personale, valida fino al 14-04-2026. Aggiornata al 15-03-2026 alle 10:30.');
    for (const tag of ['<header>', '<main>', '<footer>']) expect(html).toContain(tag);
    expect(html).not.toMatch(/<script|\bon\w+=|javascript:/i);
  });
  it('escapes a malicious name and draws only data-URL images', () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const html = page({
      customer: { business_name: evil },
      studio: { ...studio, name: evil, logo: 'javascript:alert(1)', website: 'javascript:alert(1)' },
      items: [{ ...doc().items[0]!, description: evil, invoice: evil }],
      beneficiary: evil,
      remittance: evil,
      qr: 'https://evil.test/qr.png',
    });
    expect(html).not.toMatch(/<script|<img src=x|javascript:alert[^<]*"/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('evil.test');
    expect(html).not.toContain('<img');
  });
  it('shows the logo with the studio name as its text', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    expect(page({ studio: { ...studio, logo } })).toContain(`<img src="${logo}" alt="Studio Bianchi &amp; Rossi">`);
  });
  it('with nothing to pay: thanks and no payment section', () => {
    const html = page({ total: 0, items: [] });
    expect(html).toContain('Non risultano importi da pagare. Grazie!');
    expect(html).not.toContain('Come pagare');
    expect(html).not.toContain('IT60 X054');
    expect(html).toContain('Contatti dello studio');
  });
  it('without an IBAN asks to contact the studio', () => {
    const html = page({ iban: null, qr: null });
    expect(html).toContain('Come pagare');
    expect(html).toContain('contatta lo studio');
    expect(html).not.toContain('<img');
  });
});

describe('errorPageHtml and PAGE_CSP', () => {
  it('is a complete page with the title and the message escaped', () => {
    const html = errorPageHtml('Link scaduto', 'Il link <b>non</b> è più valido.');
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<title>Link scaduto</title>');
    expect(html).toContain('<h1>Link scaduto</h1>');
    expect(html).toContain('Il link &lt;b&gt;non&lt;/b&gt; è più valido.');
    expect(html).toContain('<main>');
    expect(html).not.toContain('<script');
  });
  it('allows nothing but inline styles and data images', () => {
    expect(PAGE_CSP).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });
});

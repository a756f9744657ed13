/**
 * The engagement letter's data (issue 49 item 2), without a database: what one charge of each
 * service asks, worked by hand and computed by the one payable function (model/eDocument.ts
 * chargePayable) — the cassa on the fee, the VAT on fee and cassa, the withholding only from a
 * withholding agent, the flat rate's stamp duty —; the clauses' words for each kind of duration,
 * update and treatment; the values the Word letter is filled with; the check of a studio's own
 * template (known tags only, the services' loop, no raw-XML tag, a broken file) and its filling with
 * values escaped and never read as tags; the signed link (its own key, a changed part refused); the
 * state of a letter's link.
 */
import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { buildDocx, docxText } from '../../server/render/docxBuilder.js';
import type { StudioData } from '../../server/render/frame.js';
import {
  annualFee,
  billingDayText,
  clauseDuration,
  clauseTreatment,
  clauseUpdate,
  letterArticles,
  letterValues,
  periodFigures,
  placeDate,
  serviceViews,
  type LetterData,
} from '../../server/areas/engagements/letterData.js';
import { checkLetterTemplate, fillLetterTemplate } from '../../server/areas/engagements/letterTemplate.js';
import { builtInLetterTemplate, letterDocx } from '../../server/areas/engagements/letterDocx.js';
import { genuineLetterToken, letterToken, parseLetterToken } from '../../server/areas/engagements/letterLink.js';
import { linkState } from '../../server/areas/engagements/letterService.js';
import type { LetterRow } from '../../server/areas/engagements/letterQueries.js';
import { reminderToken } from '../../server/areas/reminders/link.js';
import { HttpError } from '../../server/errors.js';

const STUDIO: StudioData = {
  name: 'Studio Rossi & Associati',
  subtitle: null,
  address: 'Via Roma 1, 00184 Roma',
  email: 'info@studiorossi.test',
  tel_number: null,
  vat_number: '01234567890',
  website: null,
  iban: null,
  footer_line1: null,
  logo: null,
};

const ORDINARY = { regime: 'RF01', withholding: true, cassa: true, stampCharged: false };
const FLAT = { regime: 'RF19', withholding: true, cassa: true, stampCharged: true };

function data(over: Partial<LetterData> = {}, engagement: Partial<LetterData['engagement']> = {}): LetterData {
  return {
    studio: STUDIO,
    signatory: {
      fiscal_code: null,
      vat_number: '01234567890',
      postal_code: '00184',
      city: 'Roma',
      province: 'RM',
      sign_city: 'Roma',
      manager_title: 'Dott.',
      manager_name: 'Mario',
      manager_surname: 'Rossi',
      manager_cf: null,
      ordine_number: '1234',
      ordine_city: 'Roma',
      ordine_name: null,
      regime: 'RF01',
      withholding: true,
      cassa: true,
      stampCharged: false,
      cc_contract: null,
    },
    customer: {
      id: 7,
      business_name: 'Alfa <Costruzioni> & Figli S.r.l.',
      fiscal_code: '09876543210',
      vat_id: '09876543210',
      address: 'Via Milano 5',
      postal_code: '20121',
      city: 'Milano',
      province: 'mi',
      email: 'alfa@cliente.test',
      pec: null,
      withholding_agent: null,
      legal_status: 'S.r.l.',
      representative: 'Luigi Verdi',
      representative_fiscal_code: null,
    },
    engagement: {
      id: 42,
      studio_id: 2,
      customer_id: 7,
      title: 'Contabilità {incarico_oggetto} e paghe',
      start_date: '2026-01-01',
      end_date: null,
      notice_days: 90,
      billing_day: 31,
      payment_days: 30,
      update_kind: 'none',
      update_percent: null,
      istat_share: 100,
      status: 'draft',
      sent_at: null,
      signed_at: null,
      signed_how: null,
      ended_at: null,
      updated_at: '2026-01-01 10:00:00.000000',
      ...engagement,
    },
    services: [
      { id: 1, position: 1, description: 'Tenuta della contabilità', rule: 'quarterly', fee: 60000, unit_source: null },
      {
        id: 2,
        position: 2,
        description: 'Elaborazione cedolini',
        rule: 'per_unit',
        fee: 1800,
        unit_source: 'payslips',
      },
      { id: 3, position: 3, description: 'Consulenza continuativa', rule: 'monthly', fee: 15000, unit_source: null },
      { id: 4, position: 4, description: 'Dichiarazione dei redditi', rule: 'yearly', fee: 120000, unit_source: null },
      { id: 5, position: 5, description: 'Apertura posizione', rule: 'one_off', fee: 25000, unit_source: null },
      { id: 6, position: 6, description: 'Assistenza a tempo', rule: 'by_time', fee: 8000, unit_source: null },
    ],
    treatment: ORDINARY,
    withholdingAgent: true,
    base: { cliente_ragione_sociale: 'Alfa <Costruzioni> & Figli S.r.l.', studio_nome: STUDIO.name! },
    date: '2026-03-15',
    ...over,
  };
}

describe('issue 49 the figures of one charge, by the payable function', () => {
  it('a quarterly 600,00 € with cassa 4 % and VAT 22 %: 600 + 24 + 137,28 = 761,28, less withholding 120 → 641,28', () => {
    expect(periodFigures(60000, ORDINARY, true)).toEqual({
      fee: 60000,
      cassa: 2400,
      vat: 13728,
      withholding: 12000,
      stamp: 0,
      total: 76128,
      payable: 64128,
    });
  });

  it('a private customer (no withholding agent) pays the whole 761,28', () => {
    expect(periodFigures(60000, ORDINARY, false)).toMatchObject({ withholding: 0, total: 76128, payable: 76128 });
  });

  it('flat rate: 600 + 24 cassa without VAT = 624 > 77,47 → stamp 2,00 charged, no withholding → 626,00', () => {
    expect(periodFigures(60000, FLAT, true)).toEqual({
      fee: 60000,
      cassa: 2400,
      vat: 0,
      withholding: 0,
      stamp: 200,
      total: 62600,
      payable: 62600,
    });
  });

  it('the services as the letter shows them: monthly 150 → 150 + 6 + 34,32 − 30 = 160,32; one-off 250 → 250 + 10 + 57,20 − 50 = 267,20; per unit and by time have no figures', () => {
    const views = serviceViews(data());
    expect(views.map((v) => [v.number, v.periodicity, v.unit, v.figures?.payable ?? null])).toEqual([
      [1, 'Trimestrale', 'a trimestre', 64128],
      [2, 'A quantità (numero × prezzo)', 'per cedolino', null],
      [3, 'Mensile', 'al mese', 16032],
      [4, 'Annuale', 'all’anno', 120000 + 4800 + 27456 - 24000],
      [5, 'Una tantum', 'una tantum', 26720],
      [6, 'A tempo (ore × tariffa oraria)', 'all’ora', null],
    ]);
    // 1.200 + 48 cassa = 1.248 × 22 % = 274,56; less 240 withholding
    expect(views[3]!.figures).toMatchObject({ cassa: 4800, vat: 27456, withholding: 24000, payable: 128256 });
    expect(views[1]!.billing).toBe(
      'a consuntivo, l’ultimo giorno del mese successivo, per il numero di cedolini elaborati nel mese',
    );
    expect(views[0]!.billing).toBe('in via anticipata, l’ultimo giorno di gennaio, aprile, luglio e ottobre');
  });

  it('the yearly fees of the periodic services: 600 × 4 + 150 × 12 + 1.200 = 5.400,00 (one-off, per unit, by time apart)', () => {
    expect(annualFee(data())).toBe(540000);
  });
});

describe('issue 49 the clauses', () => {
  it('the billing day: a day that some months lack is their last', () => {
    expect(billingDayText(5)).toBe('il giorno 5');
    expect(billingDayText(30)).toBe('il giorno 30 (o l’ultimo giorno del mese, se più breve)');
    expect(billingDayText(31)).toBe('l’ultimo giorno');
  });

  it('duration: open-ended with the notice, or from … to …', () => {
    expect(clauseDuration(data())).toBe(
      'L’incarico decorre dal 01-01-2026 ed è a tempo indeterminato: ciascuna parte può recedervi con un preavviso scritto di 90 giorni, ai sensi dell’art. 8.',
    );
    expect(clauseDuration(data({}, { end_date: '2026-12-31' }))).toBe(
      'L’incarico decorre dal 01-01-2026 e termina il 31-12-2026, salvo recesso ai sensi dell’art. 8.',
    );
  });

  it('the yearly update: none, 75 % of the ISTAT FOI variation, a fixed 2,5 %', () => {
    expect(clauseUpdate(data())).toMatch(/^I compensi restano invariati/);
    const istat = clauseUpdate(data({}, { update_kind: 'istat', istat_share: 75 }));
    expect(istat).toContain(
      'al 75 % della variazione annua dell’indice ISTAT dei prezzi al consumo per le famiglie di operai e impiegati (FOI)',
    );
    expect(istat).toContain('Una variazione negativa lascia invariati i compensi');
    expect(clauseUpdate(data({}, { update_kind: 'fixed', update_percent: 2.5 }))).toContain('sono aumentati del 2,5 %');
  });

  it('the treatment: cassa, VAT and the withholding of a withholding agent; none for a private person; the flat rate without VAT with its stamp', () => {
    const ordinary = clauseTreatment(data());
    expect(ordinary).toContain('il contributo integrativo del 4 %');
    expect(ordinary).toContain('l’IVA al 22 % sul compenso e sul contributo integrativo');
    expect(ordinary).toContain('la ritenuta d’acconto del 20 %');
    expect(clauseTreatment(data({ withholdingAgent: false }))).not.toContain('ritenuta');
    const flat = clauseTreatment(data({ treatment: FLAT }));
    expect(flat).toContain('regime forfettario');
    expect(flat).toContain('imposta di bollo di 2,00 €');
    expect(flat).not.toContain('IVA al 22');
    expect(flat).not.toContain('ritenuta');
  });

  it('twelve articles, the AML, privacy and insurance clauses among them; place and date', () => {
    const articles = letterArticles(data());
    expect(articles.map((a) => a.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const all = articles.flatMap((a) => a.text).join(' ');
    expect(all).toContain('D.Lgs. 21 novembre 2007, n. 231');
    expect(all).toContain('(art. 22)');
    expect(all).toContain('Regolamento (UE) 2016/679');
    expect(all).toContain('art. 13 del Regolamento');
    expect(all).toContain('art. 5 del D.P.R. 7 agosto 2012, n. 137');
    expect(all).toContain('entro 30 giorni dalla data della fattura');
    expect(all).toContain('Compenso annuo dei servizi periodici: 5.400,00 €; compensi una tantum: 250,00 €');
    expect(placeDate(data())).toBe('Roma, 15-03-2026');
  });
});

describe('issue 49 the Word letter', () => {
  it('the values: the engagement, the clauses, each service with its figures (— where they depend on the month)', () => {
    const v = letterValues(data());
    expect(v.values).toMatchObject({
      incarico_numero: '42',
      incarico_data_inizio: '01-01-2026',
      incarico_data_fine: '',
      incarico_durata: 'dal 01-01-2026, a tempo indeterminato',
      incarico_compenso_annuo: '5.400,00 €',
      professionista: 'Dott. Mario Rossi',
      professionista_ordine:
        'iscritto all’Ordine dei Dottori Commercialisti e degli Esperti Contabili di Roma al n. 1234',
      cliente_firmatario: 'Luigi Verdi',
      luogo_data: 'Roma, 15-03-2026',
      data_oggi: '15-03-2026',
    });
    expect(v.services[0]).toEqual({
      numero: '1',
      descrizione: 'Tenuta della contabilità',
      periodicita: 'Trimestrale',
      addebito: 'in via anticipata, l’ultimo giorno di gennaio, aprile, luglio e ottobre',
      compenso: '600,00 €',
      compenso_unita: 'a trimestre',
      cassa: '24,00 €',
      iva: '137,28 €',
      ritenuta: '120,00 €',
      bollo: '0,00 €',
      totale: '761,28 €',
      da_pagare: '641,28 €',
    });
    expect(v.services[1]).toMatchObject({
      compenso: '18,00 €',
      compenso_unita: 'per cedolino',
      cassa: '—',
      da_pagare: '—',
    });
  });

  it('the built-in letter: every article, both tables with a row per service, the figures; values escaped and never read as tags', async () => {
    const d = data();
    const { filename, bytes } = await letterDocx(d, null);
    expect(filename).toBe('Lettera_incarico_Alfa_Costruzioni_Figli_S.r.l.docx');
    const text = docxText(bytes);
    expect(text).toContain('Lettera di incarico professionale');
    expect(text).toContain('Incarico n. 42 – «Contabilità {incarico_oggetto} e paghe»');
    expect(text).toContain('Art. 9 – Antiriciclaggio (D.Lgs. 231/2007)');
    expect(text).toContain('Art. 11 – Assicurazione professionale');
    for (const s of d.services) expect(text.split(s.description).length - 1).toBeGreaterThanOrEqual(2);
    expect(text).toContain('641,28 €');
    expect(text).toContain('160,32 €');
    expect(text).toContain('Luigi Verdi');
    const xml = new PizZip(bytes).file('word/document.xml')!.asText();
    expect(xml).toContain('Alfa &lt;Costruzioni&gt; &amp; Figli S.r.l.');
    expect(xml).not.toContain('<Costruzioni>');
    expect(xml).not.toMatch(/\{#servizi\}|\{\/servizi\}|\{da_pagare\}/);
  });

  it('the built-in template, unfilled, passes its own check', async () => {
    const tags = await checkLetterTemplate(await builtInLetterTemplate());
    expect(tags).toEqual(
      expect.arrayContaining(['servizi', 'descrizione', 'da_pagare', 'clausola_privacy', 'studio_nome']),
    );
  });
});

describe('issue 49 a studio’s own Word template', () => {
  const docx = (...lines: string[]) => buildDocx(lines);
  const refusal = async (bytes: Buffer) => {
    try {
      await checkLetterTemplate(bytes);
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(422);
      expect((e as HttpError).errors?.file?.[0]).toBe((e as HttpError).message);
      return (e as HttpError).message;
    }
    throw new Error('accepted');
  };

  it('known tags, the services’ loop with its tags, a section on a tag and the empty list are accepted', async () => {
    const tags = await checkLetterTemplate(
      docx(
        'Spett.le {cliente_ragione_sociale}, {incarico_oggetto}',
        '{#servizi}{numero}. {descrizione}: {compenso} {compenso_unita}, da pagare {da_pagare} ({studio_nome}){/servizi}',
        '{^servizi}Nessun servizio{/servizi}{#incarico_data_fine}Fino al {incarico_data_fine}{/incarico_data_fine}',
      ),
    );
    expect(tags).toEqual(
      expect.arrayContaining(['cliente_ragione_sociale', 'servizi', 'da_pagare', 'incarico_data_fine']),
    );
  });

  it('a service’s tag outside the loop, an unknown tag, a prototype name: refused naming them', async () => {
    expect(await refusal(docx('{descrizione} {constructor} {incarico_oggetto}'))).toBe(
      'Il modello Word della lettera non è valido: i campi {descrizione}, {constructor} non sono previsti. I campi disponibili sono elencati nella pagina del modello (i campi di un servizio solo dentro {#servizi}…{/servizi})',
    );
    expect(await refusal(docx('{servizi}'))).toContain('il campo {servizi} non è previsto');
  });

  it('a raw-XML tag, an unknown loop, the services inside themselves: refused', async () => {
    expect(await refusal(docx('{@incarico_oggetto}'))).toContain(
      'il segnaposto {@incarico_oggetto} inserisce il testo nel documento senza controllo',
    );
    expect(await refusal(docx('{#altro}x{/altro}'))).toContain('il blocco {#altro} non è previsto');
    expect(await refusal(docx('{#servizi}{#servizi}{numero}{/servizi}{/servizi}'))).toContain(
      'il blocco {#servizi} non è previsto',
    );
  });

  it('a broken brace and a file that is no .docx: refused in Italian', async () => {
    expect(await refusal(docx('{incarico_oggetto'))).toContain('una parentesi graffa aperta e mai chiusa');
    expect(await refusal(Buffer.from('%PDF-1.4 not a docx'))).toContain('il file non è un documento .docx leggibile');
  });

  it('filled: one paragraph per service, values as text (a tag in a value stays text)', async () => {
    const bytes = docx(
      '{cliente_ragione_sociale} – {incarico_oggetto}',
      '{#servizi}{numero}) {descrizione} {da_pagare}{/servizi}',
    );
    const filled = await fillLetterTemplate(bytes, letterValues(data()));
    const text = docxText(filled);
    expect(text).toContain('Alfa <Costruzioni> & Figli S.r.l. – Contabilità {incarico_oggetto} e paghe');
    expect(text).toContain('1) Tenuta della contabilità 641,28 €');
    expect(text).toContain('2) Elaborazione cedolini —');
    expect(text).toContain('5) Apertura posizione 267,20 €');
  });
});

describe('issue 49 the letter’s link', () => {
  const secret = 'test-secret-'.padEnd(48, 'x');

  it('signed with its own key: well formed, genuine; another nonce, a day or an id changed, a reminder’s mac are not', () => {
    const token = letterToken(secret, 12, 'nonce-abc', '2026-05-31');
    const t = parseLetterToken(token)!;
    expect(t).toMatchObject({ id: 12, expires: '2026-05-31' });
    expect(genuineLetterToken(secret, t, 'nonce-abc')).toBe(true);
    expect(genuineLetterToken(secret, t, 'nonce-abd')).toBe(false);
    expect(genuineLetterToken('another-secret'.padEnd(48, 'y'), t, 'nonce-abc')).toBe(false);
    expect(genuineLetterToken(secret, { ...t, expires: '2026-06-30' }, 'nonce-abc')).toBe(false);
    expect(genuineLetterToken(secret, { ...t, id: 13 }, 'nonce-abc')).toBe(false);
    const reminder = parseLetterToken(reminderToken(secret, 12, 'nonce-abc', '2026-05-31'))!;
    expect(genuineLetterToken(secret, reminder, 'nonce-abc')).toBe(false);
    expect(parseLetterToken(`${token}x`)).toBeNull();
    expect(parseLetterToken('12-2026-abc')).toBeNull();
  });

  it('a letter’s link state: accepted, superseded, expired, closed, open; a scan has none', () => {
    const l = {
      id: 5,
      kind: 'mail',
      accepted_at: null,
      newest_mail_id: 5,
      link_expires: '2026-05-31',
    } as unknown as LetterRow;
    expect(linkState(l, 'sent', '2026-05-31')).toBe('open');
    expect(linkState(l, 'sent', '2026-06-01')).toBe('expired');
    expect(linkState({ ...l, newest_mail_id: 6 }, 'sent', '2026-05-01')).toBe('superseded');
    expect(linkState(l, 'draft', '2026-05-01')).toBe('closed');
    expect(linkState({ ...l, accepted_at: '2026-05-02 10:00:00' }, 'signed', '2026-07-01')).toBe('accepted');
    expect(linkState({ ...l, kind: 'scan' }, 'signed', '2026-05-01')).toBeNull();
  });
});

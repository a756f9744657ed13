/**
 * The AML risk arithmetic of the CNDCEC Regole Tecniche (model/aml.ts), checked against figures
 * worked by hand as an accountant would on the forms.
 */
import { describe, expect, it } from 'vitest';
import {
  AML_SERVICES,
  AmlValidationError,
  BANDS,
  CUSTOMER_FACTORS,
  OPERATION_FACTORS,
  amlService,
  assessRisk,
  isSubjectToDueDiligence,
  levelAllowed,
  nextCheckDate,
  nextSelfAssessmentDate,
  retentionEnd,
  riskBand,
  selfAssessment,
  type RiskInput,
} from '../../model/aml';

/** The Italian messages of the AmlValidationError `fn` throws. */
function messagesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AmlValidationError) return e.messages;
    throw e;
  }
  throw new Error('no error thrown');
}

const customer = (
  naturaGiuridica: number,
  attivitaPrevalente: number,
  comportamento: number,
  areaGeografica: number,
) => ({
  naturaGiuridica,
  attivitaPrevalente,
  comportamento,
  areaGeografica,
});
const operation = (...s: [number, number, number, number, number, number]) => ({
  tipologia: s[0],
  modalita: s[1],
  ammontare: s[2],
  frequenzaVolume: s[3],
  ragionevolezza: s[4],
  areaDestinazione: s[5],
});

describe('the tables', () => {
  it('lists the typical services with their inherent risk, the excluded ones without', () => {
    expect(amlService('tenuta-contabilita')).toMatchObject({ inherent: 3, tableBExempt: true });
    expect(amlService('revisione-legale')?.inherent).toBe(3);
    expect(amlService('consulenza-tributaria')?.inherent).toBe(2);
    expect(amlService('costituzione-enti-trust')?.inherent).toBe(3);
    expect(amlService('amministrazione-trust')?.inherent).toBe(3);
    expect(amlService('finanza-straordinaria')?.inherent).toBe(4);
    expect(amlService('collegio-sindacale')).toMatchObject({ inherent: 1, conductRule: true });
    expect(amlService('nomina-giurisdizionale')?.inherent).toBe(1);
    expect(amlService('dichiarazioni-fiscali')?.inherent).toBeNull();
    expect(amlService('amministrazione-personale')?.inherent).toBeNull();
    expect(new Set(AML_SERVICES.map((s) => s.code)).size).toBe(AML_SERVICES.length);
    expect(isSubjectToDueDiligence(['amministrazione-personale', 'dichiarazioni-fiscali'])).toBe(false);
    expect(isSubjectToDueDiligence(['amministrazione-personale', 'tenuta-contabilita'])).toBe(true);
  });

  it('has the 4 customer factors of Tabella A and the 6 of Tabella B, each scored on the 1–4 scale', () => {
    expect(CUSTOMER_FACTORS.map((f) => f.label)).toEqual([
      'Natura giuridica',
      'Prevalente attività svolta',
      'Comportamento tenuto al momento del conferimento dell’incarico',
      'Area geografica di residenza del cliente',
    ]);
    expect(OPERATION_FACTORS).toHaveLength(6);
    for (const f of [...CUSTOMER_FACTORS, ...OPERATION_FACTORS]) {
      expect(f.scores).toEqual({
        1: 'Non significativo',
        2: 'Poco significativo',
        3: 'Abbastanza significativo',
        4: 'Molto significativo',
      });
      expect(f.criteria.length).toBeGreaterThan(0);
    }
  });
});

describe('assessRisk', () => {
  it('a family business with bookkeeping only: Tabella A alone, semplificata', () => {
    // inherent 3 (tenuta della contabilità); Tabella A 1 + 2 + 1 + 1 = 5, / 4 = 1,25
    // effective 3 × 0,30 + 1,25 × 0,70 = 0,90 + 0,875 = 1,775 → 1,78: poco significativo
    const r = assessRisk({ services: ['tenuta-contabilita'], customer: customer(1, 2, 1, 1) });
    expect(r).toMatchObject({
      inherent: 3,
      specific: 1.25,
      effective: 1.78,
      band: 'poco-significativo',
      level: 'semplificata',
      minimumLevel: 'semplificata',
      tableBUsed: false,
      controlMonths: 36,
    });
    expect(r.reasons).toEqual([
      'Rischio inerente 3 (Tenuta della contabilità).',
      'Rischio specifico 1,25: media dei 4 fattori della Tabella A (5 / 4); la Tabella B non si compila per tenuta della contabilità.',
      'Rischio effettivo 1,78: 3 × 30% + 1,25 × 70% = 0,90 + 0,88.',
      'Fascia: rischio poco significativo (da 1,6 a meno di 2,6): adeguata verifica semplificata.',
      'Controllo costante ogni 36 mesi.',
    ]);
  });

  it('the same business with payroll too: payroll is outside due diligence and out of the sum', () => {
    const r = assessRisk({
      services: ['tenuta-contabilita', 'amministrazione-personale'],
      customer: customer(1, 1, 1, 1),
    });
    // 3 × 0,30 + 1 × 0,70 = 1,60 exactly (0.3 * 3 + 0.7 in floats is 1.5999999999999999)
    expect(r).toMatchObject({ inherent: 3, specific: 1, effective: 1.6, band: 'poco-significativo' });
    expect(r.reasons[1]).toMatch(/^Adempimenti in materia di amministrazione del personale .*art\. 17 c\. 7/);
  });

  it('a bookkeeping customer with a worse profile reaches ordinaria', () => {
    // A 3 + 3 + 2 + 2 = 10, / 4 = 2,50; 0,90 + 1,75 = 2,65: abbastanza significativo
    const r = assessRisk({ services: ['tenuta-contabilita'], customer: customer(3, 3, 2, 2) });
    expect(r).toMatchObject({ specific: 2.5, effective: 2.65, band: 'abbastanza-significativo', level: 'ordinaria' });
    expect(r.controlMonths).toBe(24);
  });

  it('a company with an extraordinary operation and a foreign shareholder: Tabelle A and B, ordinaria', () => {
    // inherent 4 (finanza straordinaria, above the bookkeeping's 3)
    // A 3 + 2 + 2 + 3 = 10, B 3 + 2 + 3 + 2 + 2 + 3 = 15: specific 25 / 10 = 2,50
    // effective 4 × 0,30 + 2,50 × 0,70 = 1,20 + 1,75 = 2,95: abbastanza significativo
    const input: RiskInput = {
      services: ['tenuta-contabilita', 'finanza-straordinaria'],
      customer: customer(3, 2, 2, 3),
      operation: operation(3, 2, 3, 2, 2, 3),
    };
    const r = assessRisk(input);
    expect(r).toMatchObject({
      inherent: 4,
      inherentService: 'finanza-straordinaria',
      specific: 2.5,
      effective: 2.95,
      band: 'abbastanza-significativo',
      level: 'ordinaria',
      tableBUsed: true,
    });
    expect(r.reasons[0]).toMatch(
      /^Rischio inerente 4 \(Consulenza in operazioni di finanza straordinaria.*il più alto/,
    );
    expect(r.reasons).toContain('Rischio specifico 2,50: media dei 10 fattori delle Tabelle A e B ((10 + 15) / 10).');
    expect(r.reasons).toContain('Rischio effettivo 2,95: 4 × 30% + 2,50 × 70% = 1,20 + 1,75.');

    // the shareholder in a high-risk third country: rafforzata by law
    const h = assessRisk({ ...input, flags: { highRiskCountry: true } });
    expect(h).toMatchObject({
      effective: 2.95,
      computedLevel: 'ordinaria',
      minimumLevel: 'rafforzata',
      level: 'rafforzata',
    });
    expect(h.controlMonths).toBe(12);
    expect(h.reasons).toContain(
      'Paese terzo ad alto rischio coinvolto: adeguata verifica rafforzata (art. 24 c. 5 lett. a D.Lgs. 231/2007).',
    );
  });

  it('an effective risk of exactly 2,6 is abbastanza significativo (no float surprise)', () => {
    // 4 × 0,30 + 2,00 × 0,70 = 2,60 (0.3 * 4 + 0.7 * 2 in floats is 2.5999999999999996)
    const r = assessRisk({
      services: ['finanza-straordinaria'],
      customer: customer(2, 2, 2, 2),
      operation: operation(2, 2, 2, 2, 2, 2),
    });
    expect(r).toMatchObject({ specific: 2, effective: 2.6, band: 'abbastanza-significativo', level: 'ordinaria' });
  });

  it('everything at 4 is molto significativo, rafforzata', () => {
    const r = assessRisk({
      services: ['finanza-straordinaria'],
      customer: customer(4, 4, 4, 4),
      operation: operation(4, 4, 4, 4, 4, 4),
    });
    expect(r).toMatchObject({ effective: 4, band: 'molto-significativo', level: 'rafforzata' });
  });

  it('a PEP is rafforzata whatever the scores', () => {
    // consulenza tributaria 2, all factors 1: 0,60 + 0,70 = 1,30, non significativo
    const r = assessRisk({
      services: ['consulenza-tributaria'],
      customer: customer(1, 1, 1, 1),
      operation: operation(1, 1, 1, 1, 1, 1),
      flags: { pep: true },
    });
    expect(r).toMatchObject({
      effective: 1.3,
      band: 'non-significativo',
      computedLevel: 'semplificata',
      minimumLevel: 'rafforzata',
      level: 'rafforzata',
    });
    expect(r.reasons).toContain('Cliente PEP: adeguata verifica rafforzata (art. 24 c. 5 lett. c D.Lgs. 231/2007).');
    expect(r.reasons).toContain('Livello innalzato per legge: adeguata verifica rafforzata.');
  });

  it('a PEP acting as an organ of a public administration keeps the computed level', () => {
    const r = assessRisk({
      services: ['consulenza-tributaria'],
      customer: customer(1, 1, 1, 1),
      operation: operation(1, 1, 1, 1, 1, 1),
      flags: { pep: true, pepPublicAuthority: true },
    });
    expect(r).toMatchObject({ minimumLevel: 'semplificata', level: 'semplificata' });
  });

  it('a suspicion excludes the simplified measures', () => {
    const r = assessRisk({
      services: ['tenuta-contabilita'],
      customer: customer(1, 1, 1, 1),
      flags: { suspicion: true },
    });
    expect(r).toMatchObject({ computedLevel: 'semplificata', minimumLevel: 'ordinaria', level: 'ordinaria' });
  });

  it('notes the rule of conduct of the services of grade 1', () => {
    const r = assessRisk({
      services: ['collegio-sindacale'],
      customer: customer(1, 1, 1, 1),
      operation: operation(1, 1, 1, 1, 1, 1),
    });
    expect(r).toMatchObject({ inherent: 1, effective: 1, band: 'non-significativo' });
    expect(r.reasons.some((x) => x.includes('regola di condotta'))).toBe(true);
  });

  it('refuses invalid input with every problem, in Italian', () => {
    expect(messagesOf(() => assessRisk({ services: [], customer: customer(1, 1, 1, 1) }))).toEqual([
      'Scegliere almeno una prestazione.',
    ]);
    expect(messagesOf(() => assessRisk({ services: ['bilancio-sociale'], customer: customer(1, 1, 1, 1) }))).toEqual([
      'Prestazione sconosciuta: «bilancio-sociale».',
    ]);
    expect(
      messagesOf(() => assessRisk({ services: ['amministrazione-personale'], customer: customer(1, 1, 1, 1) })),
    ).toEqual([
      'Nessuna delle prestazioni scelte è soggetta ad adeguata verifica (art. 17 c. 7 D.Lgs. 231/2007): non c’è rischio da calcolare.',
    ]);
    expect(
      messagesOf(() =>
        assessRisk({
          services: ['consulenza-tributaria'],
          customer: { naturaGiuridica: 5, attivitaPrevalente: 2.5, comportamento: 0 },
          operation: { ...operation(1, 1, 1, 1, 1, 1), ragionevolezza: undefined },
        }),
      ),
    ).toEqual([
      'Tabella A: il punteggio di «Natura giuridica» deve essere un intero da 1 a 4 (ricevuto 5).',
      'Tabella A: il punteggio di «Prevalente attività svolta» deve essere un intero da 1 a 4 (ricevuto 2.5).',
      'Tabella A: il punteggio di «Comportamento tenuto al momento del conferimento dell’incarico» deve essere un intero da 1 a 4 (ricevuto 0).',
      'Tabella A: manca il punteggio di «Area geografica di residenza del cliente».',
      'Tabella B: manca il punteggio di «Ragionevolezza».',
    ]);
    // Tabella B is required as soon as one service is not exempt from it
    expect(
      messagesOf(() =>
        assessRisk({ services: ['tenuta-contabilita', 'consulenza-tributaria'], customer: customer(1, 1, 1, 1) }),
      ),
    ).toHaveLength(6);
    expect(() => assessRisk({ services: [], customer: {} })).toThrow(AmlValidationError);
  });
});

describe('riskBand', () => {
  it('puts each edge in the band above it', () => {
    expect(riskBand(1).band).toBe('non-significativo');
    expect(riskBand(1.59).band).toBe('non-significativo');
    expect(riskBand(1.6).band).toBe('poco-significativo');
    expect(riskBand(2.59).band).toBe('poco-significativo');
    expect(riskBand(2.6).band).toBe('abbastanza-significativo');
    expect(riskBand('2,6').band).toBe('abbastanza-significativo');
    expect(riskBand(3.59).band).toBe('abbastanza-significativo');
    expect(riskBand(3.6).band).toBe('molto-significativo');
    expect(riskBand(4).band).toBe('molto-significativo');
    expect(riskBand(0.3 * 4 + 0.7 * 2).band).toBe('abbastanza-significativo');
    expect(BANDS.map((b) => b.level)).toEqual(['semplificata', 'semplificata', 'ordinaria', 'rafforzata']);
  });

  it('refuses values off the scale', () => {
    expect(messagesOf(() => riskBand(0.99))).toEqual([
      'Valore di rischio fuori scala: deve essere compreso tra 1 e 4.',
    ]);
    expect(messagesOf(() => riskBand(4.01))).toEqual([
      'Valore di rischio fuori scala: deve essere compreso tra 1 e 4.',
    ]);
    expect(messagesOf(() => riskBand('alto'))).toEqual(['Valore di rischio non valido: «alto».']);
    expect(() => riskBand(Number.NaN)).toThrow(AmlValidationError);
  });
});

describe('levelAllowed', () => {
  it('allows the computed level or a stricter one', () => {
    expect(levelAllowed('ordinaria', 'ordinaria')).toEqual({
      allowed: true,
      needsReason: false,
      message: 'Adeguata verifica ordinaria, come da valutazione del rischio.',
    });
    expect(levelAllowed('rafforzata', 'semplificata').allowed).toBe(true);
  });

  it('refuses a lower level unless the reason is written', () => {
    expect(levelAllowed('semplificata', 'ordinaria')).toEqual({
      allowed: false,
      needsReason: true,
      message:
        'La valutazione del rischio richiede l’adeguata verifica ordinaria: per applicare la semplificata scrivere il motivo.',
    });
    expect(levelAllowed('semplificata', 'ordinaria', { reason: '   ' }).allowed).toBe(false);
    expect(
      levelAllowed('semplificata', 'ordinaria', { reason: 'Cliente storico, società partecipata dal Comune' }),
    ).toEqual({
      allowed: true,
      needsReason: true,
      message:
        'Adeguata verifica semplificata, meno rigorosa di quella risultante dalla valutazione (ordinaria): motivo registrato.',
    });
  });

  it('never goes below the legal minimum, reason or not', () => {
    expect(levelAllowed('ordinaria', 'rafforzata', { reason: 'Conosco il cliente', minimum: 'rafforzata' })).toEqual({
      allowed: false,
      needsReason: false,
      message:
        'L’adeguata verifica rafforzata è obbligatoria per legge (art. 24 c. 5 D.Lgs. 231/2007): non si può applicare la ordinaria.',
    });
  });
});

describe('selfAssessment', () => {
  it('works the residual risk as by hand', () => {
    // inherent (2 + 3 + 2 + 2) / 4 = 2,25; vulnerability (1 + 2 + 2 + 1) / 4 = 1,50
    // residual 2,25 × 0,40 + 1,50 × 0,60 = 0,90 + 0,90 = 1,80: poco significativo
    const r = selfAssessment(
      { tipologiaClientela: 2, areaGeografica: 3, canaliDistributivi: 2, serviziOfferti: 2 },
      { formazione: 1, adeguataVerifica: 2, conservazione: 2, segnalazioni: 1 },
    );
    expect(r).toMatchObject({ inherent: 2.25, vulnerability: 1.5, residual: 1.8, band: 'poco-significativo' });
    expect(r.reasons).toEqual([
      'Rischio inerente 2,25: media dei 4 fattori (9 / 4).',
      'Vulnerabilità 1,50: media dei 4 fattori (6 / 4).',
      'Rischio residuo 1,80: 2,25 × 40% + 1,50 × 60% = 0,90 + 0,90.',
      'Fascia: rischio poco significativo (da 1,6 a meno di 2,6).',
      'Autovalutazione da ripetere entro 3 anni.',
    ]);
  });

  it('lands exact edges in the band above (floats would not)', () => {
    const s = (i: number, v: number) =>
      selfAssessment(
        { tipologiaClientela: i, areaGeografica: i, canaliDistributivi: i, serviziOfferti: i },
        { formazione: v, adeguataVerifica: v, conservazione: v, segnalazioni: v },
      );
    // 2 × 0,4 + 3 × 0,6 = 2,60 (0.8 + 1.7999999999999998 in floats)
    expect(s(2, 3)).toMatchObject({ residual: 2.6, band: 'abbastanza-significativo' });
    // 3 × 0,4 + 4 × 0,6 = 3,60 (3.5999999999999996 in floats)
    expect(s(3, 4)).toMatchObject({ residual: 3.6, band: 'molto-significativo' });
    // 1 × 0,4 + 2 × 0,6 = 1,60
    expect(s(1, 2)).toMatchObject({ residual: 1.6, band: 'poco-significativo' });
    expect(s(1, 1)).toMatchObject({ residual: 1, band: 'non-significativo' });
    expect(s(4, 1)).toMatchObject({ residual: 2.2, band: 'poco-significativo' });
  });

  it('refuses missing or invalid scores, in Italian', () => {
    expect(
      messagesOf(() =>
        selfAssessment(
          { tipologiaClientela: 2, areaGeografica: 3, canaliDistributivi: 2 },
          { formazione: 1, adeguataVerifica: 7, conservazione: 2, segnalazioni: 1 },
        ),
      ),
    ).toEqual([
      'Rischio inerente: manca il punteggio di «Servizi offerti».',
      'Vulnerabilità: il punteggio di «Organizzazione degli adempimenti di adeguata verifica della clientela» deve essere un intero da 1 a 4 (ricevuto 7).',
    ]);
  });
});

describe('dates', () => {
  it('puts the next controllo costante 36, 24 or 12 months later, clamped to the month end', () => {
    expect(nextCheckDate('semplificata', '2025-01-31')).toBe('2028-01-31');
    expect(nextCheckDate('ordinaria', '2025-03-31')).toBe('2027-03-31');
    expect(nextCheckDate('rafforzata', '2025-12-15')).toBe('2026-12-15');
    // from a 29 February to a year without one
    expect(nextCheckDate('rafforzata', '2024-02-29')).toBe('2025-02-28');
    expect(nextCheckDate('ordinaria', '2024-02-29')).toBe('2026-02-28');
    expect(nextCheckDate('semplificata', '2020-02-29')).toBe('2023-02-28');
    // a 28 February stays the 28th, even in a leap year
    expect(nextCheckDate('rafforzata', '2027-02-28')).toBe('2028-02-28');
  });

  it('keeps the AML file 10 years after the relationship ends', () => {
    expect(retentionEnd('2025-06-30')).toBe('2035-06-30');
    expect(retentionEnd('2024-02-29')).toBe('2034-02-28');
    expect(retentionEnd('2030-12-31')).toBe('2040-12-31');
  });

  it('redoes the self-assessment every 3 years', () => {
    expect(nextSelfAssessmentDate('2025-05-27')).toBe('2028-05-27');
  });

  it('refuses dates that are not real ISO dates', () => {
    expect(messagesOf(() => nextCheckDate('ordinaria', '2025-02-30'))).toEqual([
      'Data non valida: «2025-02-30» (atteso AAAA-MM-GG).',
    ]);
    expect(messagesOf(() => retentionEnd('30-06-2025'))).toEqual([
      'Data non valida: «30-06-2025» (atteso AAAA-MM-GG).',
    ]);
    expect(messagesOf(() => nextCheckDate('normale' as never, '2025-01-01'))).toEqual([
      'Livello di adeguata verifica sconosciuto: «normale».',
    ]);
  });
});

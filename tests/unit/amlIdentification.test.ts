/**
 * The identification's rules (issue 48 items 1, 8): who must be identified with which document,
 * a document valid on the day, the beneficial owners' tax codes and shares, PEP details, services.
 */
import { describe, expect, it } from 'vitest';
import { checkIdentification, firstExpiry, type IdentificationToCheck } from '../../model/amlIdentification';
import { fiscalCodeCheckChar } from '../../model/validators';

const cf = (first15: string) => first15 + fiscalCodeCheckChar(first15);
const TODAY = '2026-11-30';
const base = (over: Partial<IdentificationToCheck> = {}): IdentificationToCheck => ({
  subject: 'persona_giuridica',
  executor: { name: 'Mario Rossi', tax_code: cf('RSSMRA80A01H501'), role: 'Legale rappresentante' },
  documents: [{ holder: 'esecutore', number: 'CA1', issued_on: '2020-01-01', expires_on: '2030-01-01' }],
  identified_on: TODAY,
  owners: [{ name: 'Luigi Verdi', tax_code: cf('VRDLGU75C12F205'), share: 100 }],
  sanctions_checked_on: TODAY,
  sanctions_outcome: 'negativo',
  pep: false,
  services: ['tenuta-contabilita'],
  ...over,
});

describe('issue 48 checkIdentification', () => {
  it('a complete company file passes; a document valid until today still passes', () => {
    expect(checkIdentification(base(), TODAY)).toEqual({});
    const lastDay = base({ documents: [{ holder: 'esecutore', number: 'CA1', expires_on: TODAY }] });
    expect(checkIdentification(lastDay, TODAY)).toEqual({});
  });

  it('a document expired yesterday is refused with its number and date', () => {
    const e = checkIdentification(
      base({ documents: [{ holder: 'esecutore', number: 'AX99', expires_on: '2026-11-29' }] }),
      TODAY,
    );
    expect(e['documents.0.expires_on']).toEqual([
      'Il documento n. AX99 è scaduto il 29/11/2026: serve un documento in corso di validità',
    ]);
  });

  it('shares: one over 100 % named; 60 + 40 = 100 passes; 60 + 40,01 is over, said with an Italian comma', () => {
    const owner = (share: number, code: string) => ({ name: `T${share}`, tax_code: cf(code), share });
    expect(
      checkIdentification(base({ owners: [owner(60, 'VRDLGU75C12F205'), owner(40, 'NRESFO82D45L219')] }), TODAY),
    ).toEqual({});
    const sum = checkIdentification(
      base({ owners: [owner(60, 'VRDLGU75C12F205'), owner(40.01, 'NRESFO82D45L219')] }),
      TODAY,
    );
    expect(sum.owners).toEqual(['Le quote dei titolari effettivi sommano 100,01 %: più del 100 %']);
    const one = checkIdentification(base({ owners: [owner(101, 'VRDLGU75C12F205')] }), TODAY);
    expect(one['owners.0.share']).toEqual(['La quota di T101 (101 %) supera il 100 %']);
    expect(one.owners).toBeUndefined();
  });

  it('an owner without tax code or with a wrong check character; a company without owners', () => {
    const e = checkIdentification(
      base({
        owners: [
          { name: 'Senza', share: 50 },
          { name: 'Sbagliato', tax_code: 'RSSMRA80A01H501A', share: 50 },
        ],
      }),
      TODAY,
    );
    expect(e['owners.0.tax_code']).toEqual(['Indica il codice fiscale del titolare effettivo Senza']);
    expect(e['owners.1.tax_code']).toEqual(['Codice fiscale del titolare effettivo Sbagliato non valido']);
    expect(checkIdentification(base({ owners: [] }), TODAY).owners?.[0]).toMatch(/almeno un titolare effettivo/);
  });

  it("a person: his own data and document; the esecutore's document without an esecutore", () => {
    const e = checkIdentification(
      base({ subject: 'persona_fisica', executor: undefined, owners: [], customer_person: { name: 'Anna' } }),
      TODAY,
    );
    expect(e['customer_person.tax_code']).toEqual(['Indica il codice fiscale del cliente']);
    expect(e.documents).toEqual(['Manca il documento di identità del cliente']);
    expect(e['documents.0.holder']).toEqual(['Il documento è dell’esecutore, ma l’esecutore non è indicato']);
    expect(e.owners).toBeUndefined();
  });

  it('dates in the future, PEP without details, unknown or no services', () => {
    const e = checkIdentification(
      base({ identified_on: '2026-12-01', sanctions_checked_on: '2026-12-01', pep: true, services: ['boh'] }),
      TODAY,
    );
    expect(Object.keys(e).sort()).toEqual(['identified_on', 'pep_details', 'sanctions_checked_on', 'services']);
    expect(e.services).toEqual(['Prestazioni sconosciute: boh']);
    expect(checkIdentification(base({ services: [] }), TODAY).services).toEqual([
      'Indica almeno una prestazione svolta per il cliente',
    ]);
  });

  it('firstExpiry: the earliest of the documents, null without any', () => {
    expect(firstExpiry([{ expires_on: '2031-01-01' }, { expires_on: '2027-05-02' }])).toBe('2027-05-02');
    expect(firstExpiry([])).toBeNull();
  });
});

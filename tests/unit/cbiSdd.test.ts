/**
 * The CBI direct-debit file (issue 47 item 2): every file written is valid against the CBI
 * consortium's schemas in ../shared/cbi, for both versions (00.01.00 and 00.01.01); one physical
 * message per scheme; the CUC with issuer CBI; the creditor's bank by ABI; the mandatory PmtTpInf;
 * InstrId and EndToEndId; control sums to the cent; amendments (SMNDA, the original IBAN, the
 * original reference); the refusals in Italian.
 */
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { cbiVersionOf, writeCbiSdd, type CbiVersion } from '../../server/areas/collections/cbiSdd';
import type { SddDebit, SddFile } from '../../server/areas/collections/types';
import { cbiSddErrors } from '../helpers/cbiXsd';

const STUDIO_IBAN = 'IT60X0542811101000000123456';
const debit = (n: number, extra: Partial<SddDebit> = {}): SddDebit => ({
  endToEndId: `SDD20261130-001-${String(n).padStart(5, '0')}`,
  amount: '100.00',
  mandateReference: `MANDATO-${n}`,
  mandateSignatureDate: '2026-01-15',
  sequenceType: 'RCUR',
  scheme: 'CORE',
  debtorName: `Cliente ${n}`,
  debtorIban: 'IT98Z1234512345123456789012',
  remittance: `Fatt. ${n}/2026`,
  ...extra,
});
const file = (debits: SddDebit[]): SddFile => ({
  messageId: 'SDD20261130-001',
  createdAt: '2026-11-30T10:15:00',
  collectionDate: '2026-12-10',
  creditor: { name: 'Studio Bianchi & Associati', iban: STUDIO_IBAN, creditorId: 'IT66ZZZA1B2C3D4E5F6G7H8' },
  debits,
});
const VERSIONS: CbiVersion[] = ['00.01.00', '00.01.01'];

/** every element of a local name, in document order */
const all = (xml: string, tag: string) =>
  Array.from((create(xml).root().node as unknown as Element).getElementsByTagNameNS('*', tag));
const texts = (xml: string, tag: string) => all(xml, tag).map((e) => e.textContent);

describe('CBI SDD request', () => {
  it.each(VERSIONS)(
    '%s: a batch of CORE debits (first and recurring) is one valid physical message INC-SDDC-01',
    async (version) => {
      const [m, ...more] = writeCbiSdd(
        file([
          debit(1, { sequenceType: 'FRST', amount: '120.00' }),
          debit(2, { amount: '80.10' }),
          debit(3, { amount: '0.20' }),
        ]),
        { version, cuc: 'abcd1234' },
      );
      expect(more).toEqual([]);
      expect(await cbiSddErrors(m!.xml, version)).toEqual([]);
      expect(m!.type).toBe('INC-SDDC-01');
      expect(texts(m!.xml, 'PhyMsgTpCd')).toEqual(['INC-SDDC-01']);
      expect(texts(m!.xml, 'NbOfLogMsg')).toEqual(['1']);
      expect(m!.xml).toContain(`xmlns="urn:CBI:xsd:CBIBdySDDReq.${version}"`);
      expect(m!.xml).toContain(`xmlns="urn:CBI:xsd:CBISDDReqLogMsg.${version}"`);
      // the group: MsgId as given (one scheme), 3 debits, 200.30 exactly
      expect(texts(m!.xml, 'MsgId')).toEqual(['SDD20261130-001']);
      expect(texts(m!.xml, 'NbOfTxs')).toEqual(['3']);
      expect(texts(m!.xml, 'CtrlSum')).toEqual(['200.30']);
      // the studio by its CUC (upper case), issuer CBI
      const initg = all(m!.xml, 'InitgPty')[0]!;
      expect(initg.getElementsByTagNameNS('*', 'Id')[1]!.textContent).toBe('ABCD1234');
      expect(initg.getElementsByTagNameNS('*', 'Issr')[0]!.textContent).toBe('CBI');
      // one PmtInf per sequence, FRST first, each with its PmtTpInf and the bank's ABI
      expect(texts(m!.xml, 'PmtInfId')).toEqual(['SDD20261130-001-FRST', 'SDD20261130-001-RCUR']);
      expect(texts(m!.xml, 'SeqTp')).toEqual(['FRST', 'RCUR']);
      expect(all(m!.xml, 'PmtTpInf').map((p) => p.getElementsByTagNameNS('*', 'Cd')[0]!.textContent)).toEqual([
        'SEPA',
        'SEPA',
      ]);
      expect(texts(m!.xml, 'MmbId')).toEqual(['05428', '05428']);
      expect(texts(m!.xml, 'ReqdColltnDt')).toEqual(['2026-12-10', '2026-12-10']);
      // each debit: a distinct InstrId, its EndToEndId, two decimals
      expect(texts(m!.xml, 'InstrId')).toEqual(['1', '2', '3']);
      expect(texts(m!.xml, 'EndToEndId')).toEqual([
        'SDD20261130-001-00001',
        'SDD20261130-001-00002',
        'SDD20261130-001-00003',
      ]);
      expect(texts(m!.xml, 'InstdAmt')).toEqual(['120.00', '80.10', '0.20']);
      // the texts in the SEPA set: '&' spelled '+'
      expect(texts(m!.xml, 'Nm')[0]).toBe('Studio Bianchi + Associati');
    },
  );

  it.each(VERSIONS)(
    '%s: CORE and B2B debits give two physical messages, each valid, each with its own MsgId',
    async (version) => {
      const out = writeCbiSdd(file([debit(1), debit(2, { scheme: 'B2B', amount: '55.55' }), debit(3)]), {
        version,
        cuc: 'ABCD1234',
      });
      expect(out.map((m) => [m.scheme, m.type])).toEqual([
        ['CORE', 'INC-SDDC-01'],
        ['B2B', 'INC-SDDB-01'],
      ]);
      for (const m of out) expect(await cbiSddErrors(m.xml, version)).toEqual([]);
      expect(texts(out[0]!.xml, 'MsgId')).toEqual(['SDD20261130-001-CORE']);
      expect(texts(out[1]!.xml, 'MsgId')).toEqual(['SDD20261130-001-B2B']);
      expect(texts(out[0]!.xml, 'CtrlSum')).toEqual(['200.00']);
      expect(texts(out[1]!.xml, 'CtrlSum')).toEqual(['55.55']);
      expect(texts(out[1]!.xml, 'LclInstrm').map((s) => s?.trim())).toEqual(['B2B']);
    },
  );

  it.each(VERSIONS)(
    '%s: a changed mandate carries its amendment: the original reference, the original IBAN at the same bank, SMNDA for another bank',
    async (version) => {
      const [m] = writeCbiSdd(
        file([
          debit(1, { amendment: { originalMandateReference: 'MANDATO-VECCHIO' } }),
          debit(2, { amendment: { originalDebtorIban: 'IT24D0542811101000000654321' } }),
          debit(3, { amendment: { originalDebtorIban: 'IT98Z1234512345123456789012', otherBank: true } }),
          debit(4),
        ]),
        { version, cuc: 'ABCD1234' },
      );
      expect(await cbiSddErrors(m!.xml, version)).toEqual([]);
      const info = all(m!.xml, 'MndtRltdInf');
      const amended = info.map((i) => i.getElementsByTagNameNS('*', 'AmdmntInd')[0]?.textContent ?? null);
      expect(amended).toEqual(['true', 'true', 'true', null]);
      expect(texts(m!.xml, 'OrgnlMndtId')).toEqual(['MANDATO-VECCHIO']);
      const acct = all(m!.xml, 'OrgnlDbtrAcct');
      expect(acct.map((a) => a.getElementsByTagNameNS('*', 'IBAN')[0]!.textContent)).toEqual([
        'IT24D0542811101000000654321',
      ]);
      const agent = all(m!.xml, 'OrgnlDbtrAgt');
      expect(agent).toHaveLength(1);
      expect(agent[0]!.textContent!.trim()).toBe('SMNDA');
    },
  );

  it('a file the schema refuses is reported (the check can fail): a method other than DD, a missing PmtTpInf', async () => {
    const [m] = writeCbiSdd(file([debit(1)]), { version: '00.01.01', cuc: 'ABCD1234' });
    const broken = m!.xml.replace('<PmtMtd>DD</PmtMtd>', '<PmtMtd>TRF</PmtMtd>');
    expect((await cbiSddErrors(broken, '00.01.01')).length).toBeGreaterThan(0);
    const noTpInf = m!.xml.replace(/<PmtTpInf>[\s\S]*?<\/PmtTpInf>/, '');
    expect((await cbiSddErrors(noTpInf, '00.01.00')).length).toBeGreaterThan(0);
  });

  it('refuses in Italian what the bank would refuse: no CUC, a foreign account, an empty batch, a bad debtor IBAN', () => {
    expect(() => writeCbiSdd(file([debit(1)]), { version: '00.01.01', cuc: '' })).toThrow(
      /Manca il codice CUC del conto/,
    );
    expect(() => writeCbiSdd(file([debit(1)]), { version: '00.01.01', cuc: 'ABC' })).toThrow(/CUC/);
    const foreign = { ...file([debit(1)]), creditor: { ...file([]).creditor, iban: 'DE89370400440532013000' } };
    expect(() => writeCbiSdd(foreign, { version: '00.01.01', cuc: 'ABCD1234' })).toThrow(/banca italiana/);
    expect(() => writeCbiSdd(file([]), { version: '00.01.01', cuc: 'ABCD1234' })).toThrow(/la distinta SDD è vuota/);
    expect(() =>
      writeCbiSdd(file([debit(1, { debtorIban: 'IT99Z1234512345123456789012' })]), {
        version: '00.01.01',
        cuc: 'ABCD1234',
      }),
    ).toThrow(/IBAN del debitore non valido/);
  });

  it("the account's format names the version", () => {
    expect(cbiVersionOf('cbi_00_01_01')).toBe('00.01.01');
    expect(cbiVersionOf('cbi_00_01_00')).toBe('00.01.00');
    expect(cbiVersionOf('sepa')).toBeNull();
    expect(cbiVersionOf(null)).toBeNull();
  });
});

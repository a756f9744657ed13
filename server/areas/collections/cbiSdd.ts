/**
 * The SEPA Direct Debit file of a batch as Italian banks take it through CBI remote banking
 * (issue 47 item 2): the CBI collection request, physical message `CBIBdySDDReq` with one logical
 * message `CBISDDReqLogMsg`, in version 00.01.01 (in force since 17/03/2024, aligned with ISO
 * 20022 2019) or 00.01.00, as the account's bank asks (the schemas: ../shared/cbi, read by the
 * tests). The CBI standard (CBI-SDD-001) differs from the EPC's pain.008 where a bank's remote
 * banking needs it:
 * - one physical message per scheme: `PhyMsgTpCd` INC-SDDC-01 for CORE, INC-SDDB-01 for B2B, so
 *   a batch with both gives two files;
 * - the initiating party is the studio's CUC (the company code the bank gives for CBI), with
 *   issuer 'CBI' (`InitgPty/Id/OrgId/Othr`);
 * - the creditor's bank is its ABI (`CdtrAgt/FinInstnId/ClrSysMmbId/MmbId`), not a BIC;
 * - `PmtTpInf` (SEPA, CORE/B2B, the sequence) is mandatory; each debit has an `InstrId` (its
 *   position in the message) beside its `EndToEndId`;
 * - amounts with two decimals; texts in the SEPA character set, identifiers never rewritten.
 * One `PmtInf` per sequence type (one collection date per batch). The checks are pain.008's
 * (`checkSddFile`), so both formats refuse the same batches with the same Italian messages.
 */
import { badRequest } from '../../errors.js';
import { italianBankCoordinates } from '../../../model/iban.js';
import { checkSddFile, ID_MAX, mandateInfo, money, sum, xmlBuilder, type CheckedSddFile } from './pain008.js';
import type { SddFile } from './types.js';

export type CbiVersion = '00.01.00' | '00.01.01';

/** The bank account's format as the CBI version it names (null: not a CBI format). */
export const cbiVersionOf = (format: string | null | undefined): CbiVersion | null =>
  format === 'cbi_00_01_01' ? '00.01.01' : format === 'cbi_00_01_00' ? '00.01.00' : null;

export const CBI_SDD_MESSAGES = {
  cuc: "Manca il codice CUC del conto (8 caratteri, lo rilascia la banca per il CBI): inseriscilo in 'Conti bancari'",
  abi: "Il formato CBI vale per un conto presso una banca italiana: l'IBAN del conto non è italiano",
} as const;

/** One physical message: the debits of one scheme. */
export interface CbiSddMessage {
  scheme: 'CORE' | 'B2B';
  /** INC-SDDC-01 or INC-SDDB-01 */
  type: string;
  xml: string;
}

/**
 * The CBI files of a batch: one per scheme it holds (CORE first). `cuc`: the studio's CBI company
 * code; the ABI is read from the creditor's Italian IBAN.
 */
export function writeCbiSdd(file: SddFile, o: { version: CbiVersion; cuc: string }): CbiSddMessage[] {
  const checked = checkSddFile(file);
  const cuc = (o.cuc ?? '').replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]{8}$/.test(cuc)) throw badRequest(CBI_SDD_MESSAGES.cuc);
  const abi = italianBankCoordinates(checked.creditorIban)?.abi;
  if (!abi) throw badRequest(CBI_SDD_MESSAGES.abi);
  return (['CORE', 'B2B'] as const)
    .map((scheme) => ({ scheme, groups: checked.groups.filter((g) => g.scheme === scheme) }))
    .filter((s) => s.groups.length > 0)
    .map(({ scheme, groups }) => ({
      scheme,
      type: scheme === 'CORE' ? 'INC-SDDC-01' : 'INC-SDDB-01',
      xml: message(checked, groups, { version: o.version, cuc, abi, scheme }),
    }));
}

function message(
  f: CheckedSddFile,
  groups: CheckedSddFile['groups'],
  o: { version: CbiVersion; cuc: string; abi: string; scheme: 'CORE' | 'B2B' },
): string {
  const body = `urn:CBI:xsd:CBIBdySDDReq.${o.version}`;
  const log = `urn:CBI:xsd:CBISDDReqLogMsg.${o.version}`;
  const debits = groups.flatMap((g) => g.debits);
  // a message per scheme: its own MsgId when the batch has both (the bank keeps MsgIds unique)
  const msgId =
    groups.length && f.groups.some((g) => g.scheme !== o.scheme) ? suffixed(f.msgId, `-${o.scheme}`) : f.msgId;
  let instr = 0;
  const pmtInf = groups.map((g) => {
    const suffix = `-${g.seq}`;
    return {
      PmtInfId: suffixed(msgId, suffix),
      PmtMtd: 'DD',
      BtchBookg: 'true',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: g.scheme }, SeqTp: g.seq },
      ReqdColltnDt: f.collectionDate,
      Cdtr: { Nm: f.creditorName },
      CdtrAcct: { Id: { IBAN: f.creditorIban } },
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { MmbId: o.abi } } },
      ChrgBr: 'SLEV',
      CdtrSchmeId: { Id: { PrvtId: { Othr: { Id: f.cid, SchmeNm: { Prtry: 'SEPA' } } } } },
      DrctDbtTxInf: g.debits.map((d) => ({
        PmtId: { InstrId: String(++instr), EndToEndId: d.endToEndId },
        InstdAmt: { '@Ccy': 'EUR', '#': money(d.amount) },
        DrctDbtTx: { MndtRltdInf: mandateInfo(d) },
        Dbtr: { Nm: d.debtorName },
        DbtrAcct: { Id: { IBAN: d.debtorIban } },
        ...(d.remittance ? { RmtInf: { Ustrd: d.remittance } } : {}),
      })),
    };
  });
  const doc = xmlBuilder()(
    { version: '1.0', encoding: 'UTF-8' },
    {
      CBIBdySDDReq: {
        '@xmlns': body,
        '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
        PhyMsgInf: { PhyMsgTpCd: o.scheme === 'CORE' ? 'INC-SDDC-01' : 'INC-SDDB-01', NbOfLogMsg: '1' },
        CBIEnvelSDDReqLogMsg: {
          CBISDDReqLogMsg: {
            GrpHdr: {
              '@xmlns': log,
              MsgId: msgId,
              CreDtTm: f.createdAt,
              NbOfTxs: String(debits.length),
              CtrlSum: money(sum(debits)),
              InitgPty: { Nm: f.creditorName, Id: { OrgId: { Othr: { Id: o.cuc, Issr: 'CBI' } } } },
            },
            PmtInf: pmtInf.map((p) => ({ '@xmlns': log, ...p })),
          },
        },
      },
    },
  );
  return doc.end({ prettyPrint: true });
}

/** An identifier with a suffix, cut so the whole is at most 35. */
const suffixed = (id: string, suffix: string) => `${id.slice(0, ID_MAX - suffix.length)}${suffix}`;

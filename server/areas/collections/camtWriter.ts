/**
 * A bank's CAMT.053 (camt.053.001.02) statement, as the demo data's statement to reconcile and the
 * tests send it: credits (transfers, SDD
 * collections with their end-to-end ids), debits, and SDD returns (a debit with RtrInf), as an
 * Italian bank sends them.
 */
export interface CamtEntry {
  /** euros, > 0 */
  amount: number;
  /** 'YYYY-MM-DD' */
  date: string;
  kind: 'credit' | 'debit' | 'return';
  endToEndId?: string;
  name?: string;
  iban?: string;
  remittance?: string;
  ref?: string;
  /** ISO return reason of a return (AM04, MD06…) */
  reason?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function camt053(o: { iban: string; id?: string; entries: CamtEntry[] }): string {
  const days = o.entries.map((e) => e.date).sort();
  const entry = (e: CamtEntry, i: number) => {
    const credit = e.kind === 'credit';
    const party = e.name || e.iban;
    const role = credit ? 'Dbtr' : 'Cdtr';
    const code =
      e.kind === 'return'
        ? '<Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn>'
        : e.endToEndId && credit
          ? '<Domn><Cd>PMNT</Cd><Fmly><Cd>IDDT</Cd><SubFmlyCd>ESDD</SubFmlyCd></Fmly></Domn>'
          : `<Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn>`;
    return `<Ntry>
  <NtryRef>${esc(e.ref ?? `N${i + 1}`)}</NtryRef>
  <Amt Ccy="EUR">${e.amount.toFixed(2)}</Amt>
  <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
  <Sts>BOOK</Sts>
  <BookgDt><Dt>${e.date}</Dt></BookgDt>
  <ValDt><Dt>${e.date}</Dt></ValDt>
  <AcctSvcrRef>${esc(e.ref ?? `REF${String(i + 1).padStart(6, '0')}`)}</AcctSvcrRef>
  <BkTxCd>${code}</BkTxCd>
  <NtryDtls><TxDtls>
    <Refs>${e.endToEndId ? `<EndToEndId>${esc(e.endToEndId)}</EndToEndId>` : '<EndToEndId>NOTPROVIDED</EndToEndId>'}</Refs>
    <AmtDtls><TxAmt><Amt Ccy="EUR">${e.amount.toFixed(2)}</Amt></TxAmt></AmtDtls>
    ${
      party
        ? `<RltdPties>${e.name ? `<${role}><Nm>${esc(e.name)}</Nm></${role}>` : ''}${
            e.iban ? `<${role}Acct><Id><IBAN>${e.iban}</IBAN></Id></${role}Acct>` : ''
          }</RltdPties>`
        : ''
    }
    ${e.remittance ? `<RmtInf><Ustrd>${esc(e.remittance)}</Ustrd></RmtInf>` : ''}
    ${e.kind === 'return' ? `<RtrInf><Rsn><Cd>${e.reason ?? 'AM04'}</Cd></Rsn></RtrInf>` : ''}
  </TxDtls></NtryDtls>
</Ntry>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt>
<GrpHdr><MsgId>${esc(o.id ?? `STMT-${days[0]}`)}</MsgId><CreDtTm>${days.at(-1)}T18:00:00</CreDtTm></GrpHdr>
<Stmt>
  <Id>${esc(o.id ?? `STMT-${days[0]}`)}</Id>
  <CreDtTm>${days.at(-1)}T18:00:00</CreDtTm>
  <FrToDt><FrDtTm>${days[0]}T00:00:00</FrDtTm><ToDtTm>${days.at(-1)}T23:59:59</ToDtTm></FrToDt>
  <Acct><Id><IBAN>${o.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
  <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${days[0]}</Dt></Dt></Bal>
  ${o.entries.map(entry).join('\n')}
</Stmt>
</BkToCstmrStmt>
</Document>`;
}

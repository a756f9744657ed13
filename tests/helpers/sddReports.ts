/**
 * The bank's answers to an SDD batch, written by hand for the API and browser tests (issue 47
 * item 3): a CBI status report (STAT-RPT-INC-SDD-01, after CBISDDStsRptLogMsg.00.01.00.xsd in
 * ../shared/cbi) and an ISO pain.002.001.03.
 */
const BODY_NS = 'urn:CBI:xsd:CBIBdySDDStsRpt.00.01.00';
const LMSG_NS = 'urn:CBI:xsd:CBISDDStsRptLogMsg.00.01.00';

export interface ReportReject {
  e2e: string;
  code: string;
  amount: string;
}

/** A CBI report of `orgnlMsgId` rejecting these debits (PART), or the whole batch (RJCT, `whole` with its reason). */
export function cbiStatusReport(o: { msgId: string; orgnlMsgId: string; rejects: ReportReject[]; whole?: string }) {
  const txs = o.rejects
    .map(
      (r, i) =>
        `<TxInfAndSts><StsId>${i + 1}</StsId><OrgnlInstrId>${i + 1}</OrgnlInstrId><OrgnlEndToEndId>${r.e2e}</OrgnlEndToEndId>` +
        `<TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${r.code}</Cd></Rsn></StsRsnInf>` +
        `<OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${r.amount}</InstdAmt></Amt></OrgnlTxRef></TxInfAndSts>`,
    )
    .join('');
  const group = o.whole
    ? `<GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>${o.whole}</Cd></Rsn></StsRsnInf>`
    : '<GrpSts>PART</GrpSts>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<CBIBdySDDStsRpt xmlns="${BODY_NS}">
<PhyMsgInf><PhyMsgTpCd>STAT-RPT-INC-SDD-01</PhyMsgTpCd><NbOfLogMsg>1</NbOfLogMsg></PhyMsgInf>
<CBIEnvelSDDStsRptLogMsg><CBISDDStsRptLogMsg>
<GrpHdr xmlns="${LMSG_NS}"><MsgId>${o.msgId}</MsgId><MsgQual>${o.whole ? '6' : '8'}</MsgQual><CreDtTm>2026-11-30T18:02:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts xmlns="${LMSG_NS}"><OrgnlMsgId>${o.orgnlMsgId}</OrgnlMsgId>${group}</OrgnlGrpInfAndSts>
${o.whole ? '' : `<OrgnlPmtInfAndSts xmlns="${LMSG_NS}"><OrgnlPmtInfId>${o.orgnlMsgId}-RCUR</OrgnlPmtInfId>${txs}</OrgnlPmtInfAndSts>`}
</CBISDDStsRptLogMsg></CBIEnvelSDDStsRptLogMsg>
</CBIBdySDDStsRpt>
`;
}

/** A pain.002.001.03 of `orgnlMsgId` rejecting these debits. */
export function pain002Report(o: { msgId: string; orgnlMsgId: string; rejects: ReportReject[] }) {
  const txs = o.rejects
    .map(
      (r) =>
        `<TxInfAndSts><OrgnlEndToEndId>${r.e2e}</OrgnlEndToEndId><TxSts>RJCT</TxSts>` +
        `<StsRsnInf><Rsn><Cd>${r.code}</Cd></Rsn></StsRsnInf></TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>${o.msgId}</MsgId><CreDtTm>2026-11-30T18:02:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>${o.orgnlMsgId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>${o.orgnlMsgId}-CORE-RCUR</OrgnlPmtInfId>${txs}</OrgnlPmtInfAndSts>
</CstmrPmtStsRpt></Document>
`;
}

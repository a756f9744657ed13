/**
 * The shapes shared by the parts of collecting the fees (issue 29): what the direct-debit file is
 * written from, what a bank statement is read into, and what the matcher proposes.
 */

/** The studio as the creditor of a direct-debit batch. */
export interface SddCreditor {
  /** the studio's name (≤ 70 characters in the file) */
  name: string;
  /** the studio's IBAN, where the debits are credited */
  iban: string;
  /** the BIC of the studio's bank, when known (else NOTPROVIDED is written) */
  bic?: string | null;
  /** the SEPA creditor identifier (CID), e.g. IT66ZZZA1B2C3D4E5F6G7H8 */
  creditorId: string;
}

/** One debit of a batch. */
export interface SddDebit {
  /** EndToEndId, ≤ 35 SEPA characters, unique per studio */
  endToEndId: string;
  /** euros, 2 decimals, as exact text ('123.40') */
  amount: string;
  mandateReference: string;
  /** 'YYYY-MM-DD' */
  mandateSignatureDate: string;
  sequenceType: 'FRST' | 'RCUR';
  scheme: 'CORE' | 'B2B';
  debtorName: string;
  debtorIban: string;
  /** unstructured remittance text (≤ 140 characters), e.g. 'Onorari studio rata 03/2026 fattura 12' */
  remittance: string;
  /**
   * the mandate changed since the last debit the bank saw (EPC rulebook, AT-24): its earlier
   * reference, its earlier IBAN, and whether that IBAN was at another bank ('SMNDA')
   */
  amendment?: { originalMandateReference?: string; originalDebtorIban?: string; otherBank?: boolean } | null;
}

export interface SddFile {
  /** GrpHdr/MsgId, ≤ 35 characters */
  messageId: string;
  /** 'YYYY-MM-DDTHH:mm:ss' */
  createdAt: string;
  /** ReqdColltnDt 'YYYY-MM-DD' */
  collectionDate: string;
  creditor: SddCreditor;
  debits: SddDebit[];
}

/** A line of a bank statement as read from the file (CAMT.053 or a home-banking CSV/XLSX). */
export interface BankLine {
  /** 1-based position in the file */
  lineNo: number;
  /** 'YYYY-MM-DD' */
  bookingDate: string;
  valueDate: string | null;
  /** signed euros as exact text: '150.00' a credit, '-12.50' a debit */
  amount: string;
  counterparty: string | null;
  counterpartyIban: string | null;
  /** the remittance information (Ustrd joined, or the CSV's description) */
  remittance: string | null;
  /** EndToEndId when the bank gives one (SDD collections and returns; not 'NOTPROVIDED') */
  endToEndId: string | null;
  /** the bank's own reference of the entry (AcctSvcrRef / NtryRef), when given */
  bankRef: string | null;
  /** an SDD return (R-transaction): reversal indicator or a return reason on a debit */
  isReturn: boolean;
  /** the return's ISO reason code (AM04, MD06, MS02…) */
  returnReason: string | null;
  /** the bank's CBI transaction code ('causale ABI' of a CBI RH record 62: '48' bonifico, '50' SDD…), when the file gives one */
  cbiCode?: string | null;
}

/** A statement as read from a file. */
export interface ParsedStatement {
  /** camt053: ISO CAMT.053; cbi_rh: the CBI 'RH' flat file (120-character records); csv, xlsx: a home-banking export */
  format: 'camt053' | 'cbi_rh' | 'csv' | 'xlsx';
  /** the account's IBAN, when the file says it */
  iban: string | null;
  statementRef: string | null;
  fromDate: string | null;
  toDate: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  lines: BankLine[];
}

/**
 * The requests of the customers' documents (server/areas/documents, seed A §7): payment notices
 * (C20–C22), account statements (C29–C31), engagement letters (C27, C28, C32) and the
 * bank-transfer letter (C33), downloaded or sent by e-mail (their answer: `MailQueued` of
 * model/api/mail.ts). Each value is checked by the service, with the seeds' Italian message for
 * its field. One source for the server's schemas, its services' input and the app's types.
 */
import { z } from 'zod';
import { IdsInput } from './records.js';

const customerIdsText = z.string().optional().describe('id dei clienti, testo JSON (es. [1,2])');

/** C21, C22 GET /api/bollettino/actions/download_{pdf,html} */
export const BollettinoQuery = z.looseObject({
  customers_ids: customerIdsText,
  amount: z.string().optional().describe('importo (> 0, 2 decimali)'),
  studio_service_id: z.string().optional().describe('id del servizio dello studio'),
});
export type BollettinoQuery = z.infer<typeof BollettinoQuery>;

/** C20 POST /api/bollettino/actions/email_pdf: the same, as a body. */
export const BollettinoMailInput = z.looseObject({
  customers_ids: IdsInput.optional().describe('id dei clienti, testo JSON (es. [1,2])'),
  amount: z.union([z.string(), z.number()]).optional().describe('importo (> 0, 2 decimali)'),
  studio_service_id: z.union([z.string(), z.number()]).optional().describe('id del servizio dello studio'),
});
export type BollettinoMailInput = z.infer<typeof BollettinoMailInput>;

/** C29, C30 GET /api/account_balance_{pdf,html} and C31 GET /api/send_account_balance_mail */
export const AccountBalancesQuery = z.looseObject({
  customer_ids: customerIdsText,
  from: z.string().optional().describe('dal giorno (YYYY-MM-DD o DD-MM-YYYY; vuoto: dal primo movimento)'),
  to: z.string().optional().describe("al giorno (vuoto: fino all'ultimo movimento)"),
});
export type AccountBalancesQuery = z.infer<typeof AccountBalancesQuery>;

/** C27, C28 GET /api/accounting_contract_{pdf,html} */
export const ContractQuery = z.looseObject({
  customer_id: z.string().optional().describe('id del cliente (uno solo)'),
});
export type ContractQuery = z.infer<typeof ContractQuery>;

/** C32 GET /api/send_contract_pdf */
export const ContractsMailQuery = z.looseObject({ customer_ids: customerIdsText });
export type ContractsMailQuery = z.infer<typeof ContractsMailQuery>;

/** C33 GET /api/lettera_bonifico_pdf/actions/download_pdf */
export const TransferLetterQuery = z.looseObject({
  customers_ids: z.string().optional().describe('id di un solo cliente, testo JSON (es. [7])'),
  amount: z.string().optional().describe('importo (> 0)'),
});
export type TransferLetterQuery = z.infer<typeof TransferLetterQuery>;

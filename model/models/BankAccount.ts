import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * The formats a bank takes a studio's SEPA direct debits in (issue 47): Italian banks through CBI
 * remote banking (the CBI envelope, 00.01.01 since 17/03/2024, or the earlier 00.01.00), a
 * foreign bank the ISO pain.008.001.02 of the EPC's guidelines.
 */
export const SDD_FORMATS = [
  { value: 'cbi_00_01_01', text: 'CBI 00.01.01 (banca italiana)' },
  { value: 'cbi_00_01_00', text: 'CBI 00.01.00 (banca italiana, versione precedente)' },
  { value: 'sepa', text: 'SEPA ISO pain.008.001.02 (banca estera)' },
] as const;
export type SddFormat = (typeof SDD_FORMATS)[number]['value'];

/**
 * Bank account of the studio (seed A §3), used by the studio services and, with what the bank's
 * files need (issue 47), by the collections: the direct debits credit it (its CUC identifies the
 * studio in the CBI file, its ABI the bank), its RH statements name it, its RiBa presentations go
 * through it (SIA). ABI and CAB are read from an Italian IBAN; the SDD format defaults to CBI
 * 00.01.01 for an Italian IBAN and to pain.008 for a foreign one (server/models/BankAccount.ts).
 */
export const BankAccount = defineModel({
  name: 'BankAccount',
  table: 'bank_accounts',
  resource: 'bank_accounts',
  snake: 'bank_account',
  label: 'Conto bancario',
  plural: 'Conti bancari',
  fields: {
    cod: f.text('Codice', { max: 16, unique: true, searchable: true, filterable: true }),
    name: f.text('Nome', { required: true, searchable: true, width: 6 }),
    iban: f.text('IBAN', { rules: ['iban'], searchable: true, width: 6 }),
    bic: f.text('BIC', { max: 11, rules: ['bic'], width: 4 }),
    abi: f.text('ABI', { max: 5, readOnly: true, width: 4 }),
    cab: f.text('CAB', { max: 5, readOnly: true, width: 4 }),
    cuc: f.text('Codice CUC (CBI)', { max: 8, rules: ['cuc'], width: 4 }),
    sia: f.text('Codice SIA', { max: 5, rules: ['sia'], width: 4 }),
    sdd_format: f.choice('Formato degli addebiti SDD', { choices: [...SDD_FORMATS], filterable: true, width: 4 }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: { columns: ['cod', 'name', 'iban', 'abi', 'sdd_format'], sort: { field: 'name' }, expandField: 'note' },
  labelFields: ['name'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});

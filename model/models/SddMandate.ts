import { f, today } from '../fields.js';
import { defineModel } from '../define.js';

/** The schemes of SEPA Direct Debit: CORE (consumers and businesses), B2B (businesses only, no refund right). */
export const SDD_SCHEMES = [
  { value: 'CORE', text: 'CORE' },
  { value: 'B2B', text: 'B2B' },
] as const;

/** The sequence of the next debit under a mandate: its first (FRST) or a following one (RCUR). */
export const SDD_SEQUENCES = [
  { value: 'FRST', text: 'Primo incasso (FRST)' },
  { value: 'RCUR', text: 'Ricorrente (RCUR)' },
] as const;

export const SDD_MANDATE_STATUSES = [
  { value: 'active', text: 'Attivo' },
  { value: 'revoked', text: 'Revocato' },
] as const;

/**
 * A SEPA Direct Debit mandate of a customer (issue 29): the debtor's IBAN, the unique mandate
 * reference (UMR) and its signature date travel in every debit ('Incassa con SDD'). The sequence
 * moves from FRST to RCUR by itself after the first debit is presented.
 */
export const SddMandate = defineModel({
  name: 'SddMandate',
  table: 'sdd_mandates',
  resource: 'sdd_mandates',
  snake: 'sdd_mandate',
  label: 'Mandato SDD',
  plural: 'Mandati SDD',
  fields: {
    customer_id: f.relation('Cliente', 'Customer', { required: true, width: 6 }),
    reference: f.text('Riferimento mandato', {
      required: true,
      max: 35,
      unique: true,
      rules: ['sepaId'],
      searchable: true,
      width: 6,
    }),
    iban: f.text('IBAN del debitore', { required: true, max: 34, rules: ['iban'], searchable: true, width: 6 }),
    debtor_name: f.text('Intestatario del conto (se diverso dal cliente)', { max: 70, width: 6 }),
    // issue 45 item 8: a mandate is signed before it is used, never in the future
    signature_date: f.date('Data di firma', {
      required: true,
      default: today,
      filterable: true,
      rules: ['signatureDate'],
    }),
    scheme: f.choice('Schema', { required: true, choices: [...SDD_SCHEMES], default: 'CORE', filterable: true }),
    sequence_type: f.choice('Sequenza', { required: true, choices: [...SDD_SEQUENCES], default: 'FRST' }),
    status: f.choice('Stato', {
      required: true,
      choices: [...SDD_MANDATE_STATUSES],
      default: 'active',
      filterable: true,
    }),
    // issue 47: the bank said, in a batch's outcome, that the mandate no longer holds as it is (MD01
    // no mandate, AC04 account closed, MD07 debtor deceased…); cleared when its IBAN, reference or
    // signature changes; the SDD preview leaves it out meanwhile
    attention: f.text('Da verificare', { readOnly: true, width: 12 }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: {
    columns: ['reference', 'customer_id', 'iban', 'signature_date', 'scheme', 'sequence_type', 'status', 'attention'],
    sort: { field: 'signature_date', desc: true },
    expandField: 'note',
    parentField: 'customer_id',
    filters: [
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
        hideWithParent: true,
      },
      {
        kind: 'toggle',
        field: 'status',
        label: 'Stato',
        options: [
          { value: 'active', text: 'Attivi' },
          { value: 'revoked', text: 'Revocati' },
        ],
      },
    ],
    status: {
      field: 'status',
      values: {
        active: { text: 'Attivo', color: 'success', icon: 'CheckCircle' },
        revoked: { text: 'Revocato', color: 'default', icon: 'Block' },
      },
    },
  },
  labelFields: ['reference'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});

import { f, today } from '../fields.js';
import { defineModel } from '../define.js';
import { ENGAGEMENT_STATUSES, UPDATE_KINDS } from '../engagementOptions.js';

/**
 * An engagement of a customer (issue 49: lettera d'incarico, art. 9 D.L. 1/2012): its dates, the
 * billing day, the yearly update of the fees and its state. Its services, each with its fee and
 * billing rule, are its own table (`engagement_services`, server/areas/engagements/tables.ts),
 * written by `PUT /api/engagement/{id}/services` while it is a draft; its state moves by its
 * actions (send the letter, accept, mark signed, back to draft, end: server/models/EngagementActions.ts).
 * Beside the seeds' assignments (Assignment), which stay as the seeds say.
 */
export const Engagement = defineModel({
  name: 'Engagement',
  table: 'engagements',
  resource: 'engagements',
  snake: 'engagement',
  label: 'Incarico professionale',
  plural: 'Incarichi professionali',
  fields: {
    title: f.text('Oggetto', { required: true, max: 255, searchable: true, width: 6 }),
    customer_id: f.relation('Cliente', 'Customer', { required: true, width: 6, filterable: true }),
    start_date: f.date('Data inizio', { required: true, default: today, filterable: true }),
    end_date: f.date('Data fine (vuota: a tempo indeterminato)', { filterable: true }),
    notice_days: f.integer('Preavviso di recesso (giorni)', { required: true, default: 90, min: 0, max: 365 }),
    billing_day: f.integer('Giorno di addebito (31: ultimo del mese)', { required: true, default: 1, min: 1, max: 31 }),
    payment_days: f.integer('Pagamento a giorni', { required: true, default: 30, min: 0, max: 365 }),
    update_kind: f.choice('Aggiornamento annuo dei compensi', {
      required: true,
      default: 'none',
      choices: [...UPDATE_KINDS],
      filterable: true,
    }),
    update_percent: f.percentage('Percentuale fissa annua', { max: 20 }),
    istat_share: f.percentage('Quota della variazione ISTAT applicata', { default: 100, min: 1, max: 100 }),
    status: f.choice('Stato', {
      choices: [...ENGAGEMENT_STATUSES],
      default: 'draft',
      readOnly: true,
      filterable: true,
    }),
    sent_at: f.datetime('Lettera inviata il', { readOnly: true, formHidden: true }),
    signed_at: f.datetime('Firmato il', { readOnly: true, formHidden: true, filterable: true }),
    signed_how: f.text('Firma', { readOnly: true, formHidden: true }),
    ended_at: f.date('Cessato il', { readOnly: true, formHidden: true }),
    note: f.longtext('Note', { width: 12, searchable: true }),
  },
  list: {
    columns: ['title', 'customer_id', 'start_date', 'end_date', 'billing_day', 'status'],
    sort: { field: 'start_date', desc: true },
    expandField: 'note',
    parentField: 'customer_id',
    filters: [
      { kind: 'toggle', field: 'status', label: 'Stato', options: [...ENGAGEMENT_STATUSES] },
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
        hideWithParent: true,
      },
      { kind: 'dateInterval', field: 'start_date', label: 'Data inizio' },
    ],
    status: {
      field: 'status',
      values: {
        draft: { text: 'Bozza', color: 'default', icon: 'EditNote' },
        sent: { text: 'Inviato', color: 'info', icon: 'Send' },
        signed: { text: 'Firmato', color: 'success', icon: 'TaskAlt' },
        ended: { text: 'Cessato', color: 'warning', icon: 'Block' },
      },
    },
  },
  labelFields: ['title'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});

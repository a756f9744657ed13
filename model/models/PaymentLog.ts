import { f } from '../fields.js';
import { defineModel } from '../define.js';
import { nowDateTime } from '../dates.js';

export const PAYMENT_PROVIDERS = [
  { value: 'offline', text: 'Offline' },
  { value: 'sandbox', text: 'Sandbox (prova)' },
  { value: 'paypal', text: 'PayPal' },
  { value: 'stripe', text: 'Carta (Stripe)' },
] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]['value'];

export const PAYMENT_STATUSES = [
  { value: 'CREATED', text: 'In attesa' },
  { value: 'APPROVED', text: 'Approvato' },
  { value: 'COMPLETED', text: 'Pagato' },
  { value: 'FAILED', text: 'Non riuscito' },
] as const;

/** The subscription's months a payment may buy (seed B §2 /pay_init: 1–36, step 1). */
export const SUBSCRIPTION_MONTHS = { min: 1, max: 36 } as const;

/**
 * A subscription payment of a studio (seed B §3 'Payment log'; PRODUCT.md §7), online through a
 * provider or offline by the SuperAdmin: written only by the payment calls (C67–C71, C69), each
 * completed one extending the studio's expiry exactly once (idempotent on the provider's token).
 * The Admin sees its studio's history, the SuperAdmin every studio's.
 */
export const PaymentLog = defineModel({
  name: 'PaymentLog',
  table: 'payment_logs',
  resource: 'payment_logs',
  snake: 'payment_log',
  formRoute: 'scheda_payment_log',
  label: 'Pagamento',
  plural: 'Pagamenti',
  superAdminGlobal: true,
  softDelete: false,
  fields: {
    date: f.datetime('Data', { required: true, default: () => nowDateTime(), readOnly: true, filterable: true }),
    studio_id: f.relation('Studio', 'Studio', { required: true, readOnly: true, width: 6 }),
    months: f.integer('Mesi', {
      required: true,
      min: SUBSCRIPTION_MONTHS.min,
      max: SUBSCRIPTION_MONTHS.max,
      readOnly: true,
    }),
    amount: f.money('Importo', { readOnly: true }),
    provider: f.choice('Metodo', { choices: [...PAYMENT_PROVIDERS], readOnly: true, filterable: true }),
    status: f.choice('Stato', { choices: [...PAYMENT_STATUSES], readOnly: true, filterable: true }),
    provider_token: f.text('Riferimento del pagamento', { readOnly: true, unique: 'product' }),
    previous_expiry: f.date('Scadenza precedente', { readOnly: true }),
    new_expiry: f.date('Nuova scadenza', { readOnly: true }),
    user_id: f.relation('Utente', 'User', { readOnly: true }),
    completed_at: f.datetime('Pagato il', { readOnly: true }),
  },
  list: {
    columns: ['date', 'studio_id', 'months', 'amount', 'provider', 'status', 'new_expiry'],
    sort: { field: 'date', desc: true },
    filters: [
      // seed B §2, §9: the current month on created_at
      { kind: 'dateInterval', field: 'created_at', label: 'Data', default: 'currentMonth' },
      { kind: 'toggle', field: 'status', label: 'Stato', options: [{ value: 'COMPLETED', text: 'Pagati' }] },
    ],
    status: {
      field: 'status',
      values: {
        CREATED: { text: 'In attesa', color: 'default', icon: 'HourglassEmpty' },
        APPROVED: { text: 'Approvato', color: 'info', icon: 'HourglassEmpty' },
        COMPLETED: { text: 'Pagato', color: 'success', icon: 'CheckCircle' },
        FAILED: { text: 'Non riuscito', color: 'error', icon: 'Block' },
      },
    },
  },
  labelFields: ['date'],
  access: { read: 'Admin', write: 'SuperAdmin' },
  writtenBy: 'il pagamento stesso o, offline, POST /api/payment',
});

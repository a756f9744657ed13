/**
 * The mail outbox (PRODUCT.md §6), shared by the server and the app: the states of a message
 * and the kinds of message, with their Italian names.
 */

/** queued → sending → sent; a temporary failure goes back to queued (retried with backoff), a permanent one or the last retry to failed; without SMTP_URL kept */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'In coda',
  sending: 'In invio',
  sent: 'Inviata',
  failed: 'Non inviata',
  kept: 'Trattenuta (SMTP non configurato)',
};

/** seed A §8: the answer of a queued send of payment notices, shown as it is */
export const BOLLETTINO_QUEUED = 'Invio email in coda..';

/** the states a message can be queued again from ('Riprova') */
export const MAIL_RETRYABLE: readonly MailStatus[] = ['failed', 'kept'];

/** what a message is (its `kind`) */
export const MAIL_KINDS: Record<string, string> = {
  bollettino: 'Bollettino',
  account_balance: 'Estratto conto',
  contract: 'Contratto',
  word_template: 'Modello Word',
  account: 'Account (attivazione, password)',
  contact: 'Richiesta di contatto',
  e_invoice: 'Fattura elettronica (copia di cortesia)',
  reminder: 'Sollecito di pagamento',
  aml_declaration: 'Dichiarazione antiriciclaggio da rinnovare',
  engagement_letter: "Lettera d'incarico",
  portal_invite: "Invito all'area clienti",
  portal_access: "Link di accesso all'area clienti",
  portal_request: 'Richiesta di documenti',
  portal_reminder: 'Promemoria documenti richiesti',
  portal_message: "Avviso di messaggio nell'area clienti",
  portal_declaration: "Dichiarazione antiriciclaggio da accettare nell'area clienti",
  portal_mandate: "Mandato SEPA firmato nell'area clienti",
};

export const isMailStatus = (v: unknown): v is MailStatus =>
  typeof v === 'string' && (MAIL_STATUSES as readonly string[]).includes(v);

/**
 * The menus of the customers' bulk bar and the actions in each, by their labels (seed A §2;
 * issue 25 item 18): the charges and amounts, the documents (made, or asked of the customers in
 * their area: issue 50), the e-mails. 'Assegna
 * collaboratori' is a button of its own. Plain data: the browser tests read it too.
 */
export const BULK_GROUPS = {
  Addebiti: [
    'Aggiungi movimento',
    'Genera rate',
    'Tariffa annuale',
    'Conguaglio annuale',
    'Fattura addebiti',
    'Modalità di pagamento',
  ],
  Documenti: ['Contratto', 'Estratto conto', 'Lettera bonifico', 'Bollettini', 'Modelli Word', 'Richiedi documenti'],
  Email: ['Invia contratti via email', 'Invia estratti conto via email', 'Esporta email'],
} as const;

export type BulkGroupName = keyof typeof BULK_GROUPS;

/** The menu an action is in (none: a button of the bar). */
export const bulkGroupOf = (action: string): BulkGroupName | undefined =>
  (Object.keys(BULK_GROUPS) as BulkGroupName[]).find((g) => (BULK_GROUPS[g] as readonly string[]).includes(action));

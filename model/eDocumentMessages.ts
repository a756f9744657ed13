/**
 * The e-invoice editor's messages (seed B §5, §8; issue 13), apart from its rules and figures
 * (model/eDocument.ts) so that the list's toolbar can name them without loading those.
 */
import { MESSAGES as V } from './validators.js';

export const EDOCUMENT_MESSAGES = {
  studioNotLoaded:
    'Attendi il caricamento dei dati dello studio prima di salvare la fattura, ritenta tra qualche secondo.',
  saveFailed: (message: string) => `Errore di salvataggio: ${message.replace(/\.+$/, '')}.`,
  downloadFailed: "Si è verificato un errore durante il download dell'edocument xml",
  description: 'Inserisci la descrizione',
  quantity: 'La quantità deve essere un numero intero maggiore di 0',
  price: 'Il prezzo deve essere maggiore di 0',
  vat: 'Aliquota IVA non ammessa',
  nature: "Scegli la natura dell'operazione (IVA 0%)",
  noRows: 'Inserisci almeno una riga',
  tooManyRows: 'Al massimo 200 righe',
  creditNote: 'La nota di credito deve indicare la fattura che corregge',
  /** a TD04 saved without the invoice it corrects (the seeds' payload has no such field): a warning */
  creditNoteUnlinked: 'La nota di credito non indica la fattura che corregge: scegli la fattura (TD01) per collegarla',
  required: V.required,
} as const;

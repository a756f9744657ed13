/** The one error shape of the API: `{message, errors?}` with Italian messages. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const MSG = {
  notFound: 'Elemento non trovato',
  forbidden: 'Operazione non consentita (403)',
  unauthenticated: 'Sessione scaduta o non valida: effettua di nuovo il login',
  validation: 'Dati non validi: controlla i campi evidenziati',
  trashedDuplicate: 'Stai cercando di inserire un elemento che è stato già cancellato.',
  duplicate: 'Valore già presente',
  createOnly: 'Non modificabile dopo la creazione',
  referenced: 'Elemento collegato ad altri dati: impossibile eliminarlo definitivamente',
  /** force_delete=auto of a row trashed less than a minute ago (a double click, a retry): it stays in the trash */
  trashGrace: 'Eliminato da meno di un minuto: riprova dal cestino',
  stale: 'Il record è stato modificato da un altro utente: ricarica prima di salvare.',
  versionRequired: 'Manca la versione del record su cui si basa la modifica (updated_at): ricarica prima di salvare.',
  badCredentials: 'Credenziali non valide',
  tooManyAttempts: 'Troppi tentativi: riprova tra qualche minuto',
  loginBusy: 'Troppi accessi in corso: riprova tra qualche secondo',
  commonPassword: 'Password troppo comune: scegline una meno prevedibile',
  lastAdmin: 'Lo studio deve avere almeno un amministratore attivo',
  inactive: 'Account non attivo: controlla la mail di attivazione',
  internal: 'Errore interno del server: riprova più tardi',
  subscription: 'Abbonamento scaduto',
  /** the database cannot be reached (restart, failover): 503, the request may be repeated */
  unavailable: 'Servizio temporaneamente non disponibile',
} as const;

export const notFound = () => new HttpError(404, MSG.notFound);
export const forbidden = () => new HttpError(403, MSG.forbidden);
export const badRequest = (message: string) => new HttpError(400, message);

/** Checks several fields and answers every field's message at once (422). */
export function fieldChecks() {
  const errors: Record<string, string[]> = {};
  return {
    /** the value `check` answers, or undefined when it refused the field (its message is kept) */
    take<T>(check: () => T): T | undefined {
      try {
        return check();
      } catch (e) {
        if (!(e instanceof HttpError && e.errors)) throw e;
        Object.assign(errors, e.errors);
        return undefined;
      }
    },
    add(field: string, message: string) {
      errors[field] = [message];
    },
    done() {
      if (Object.keys(errors).length) throw new HttpError(422, MSG.validation, errors);
    },
  };
}

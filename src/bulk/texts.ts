/** The bulk dialogs' titles and texts (seed A §9), apart from the dialogs: screens loaded with the app use them too. */
export const TITLES = { warning: 'Attenzione!!', error: 'Errore!!', info: 'Informazione!!' } as const;
export const TEXTS = {
  save: 'Errore di salvataggio, è consigliato, prima di proseguire, risolvere il problema.',
  load: 'Errore di caricamento...',
  generate: 'Errore di generazione...',
  /** seed B §8: an e-mail send failed (the server's reason follows) */
  send: 'Errore di invio...',
} as const;

/** An action's error for the user: its message, else 'Operazione non riuscita'. */
export const failureText = (e: unknown) => (e as Error)?.message || 'Operazione non riuscita';

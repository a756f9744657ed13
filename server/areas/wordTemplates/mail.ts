/** The e-mail that carries a Word template filled for a customer (C36), in the mail area's letter. */
import { letter, type MailText, type StudioMailData } from '../mail/index.js';

/** C36: a Word template filled for one customer. */
export function wordTemplateMail(
  title: string,
  customerName: string,
  studio: StudioMailData,
  studioName: string,
): MailText {
  return letter(
    studio,
    studioName,
    customerName,
    title,
    [`in allegato trova il documento «${title}» che lo studio ha preparato per lei.`],
    [],
    ['Per qualsiasi chiarimento può rispondere a questa email o contattarci ai recapiti qui sotto.'],
  );
}

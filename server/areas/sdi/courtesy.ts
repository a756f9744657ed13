/**
 * The courtesy copy of a sent invoice (issue 28 item 4): its readable PDF, with the XML attached,
 * to the customer's e-mail through the outbox — when SdI delivers it or puts it in the customer's
 * reserved area (the studio's default: 'consegna'), or at once when it is sent ('invio'), or never
 * ('no'), as the studio card says. Written in the transaction that records the event, once per
 * file (its event 'copia' is unique per transmission); the caller hands the message to the outbox
 * after the commit.
 */
import type { Database } from '../../db/connection.js';
import { execOn, inTransaction } from '../../records/exec.js';
import { enqueueMails } from '../mail/index.js';
import { eDocumentPdfDoc, eDocumentSources, fromFatturaPaXml } from '../eDocuments/index.js';
import { studioData, validEmail } from '../documents/index.js';
import { renderPdf } from '../../render/pdf.js';
import { displayDate } from '../../../model/dates.js';
import { copyDone, courtesyMoment, customerEmail, insertCopyEvent, type Transmission } from './queries.js';

/**
 * Sends the copy if the studio wants it at this moment: the PDF is made outside any transaction
 * (on the embedded database a transaction holds the only connection), then the message and its
 * event are written together, once per file. Answers the outbox ids to hand over.
 */
export async function courtesyCopy(
  database: Database,
  t: Transmission,
  moment: 'invio' | 'consegna',
): Promise<number[]> {
  const exec = execOn(database.db);
  if ((await courtesyMoment(exec, t.studio_id)) !== moment || (await copyDone(exec, t.id))) return [];
  const [current] = await eDocumentSources(exec, t.studio_id, [t.e_document_id]);
  if (!current) return [];
  // the copy of the file sent, not of today's data (issue 45 item 6)
  const doc = fromFatturaPaXml(t.xml, t.e_document_id);
  const email = await customerEmail(exec, current.customer_id);
  const ok = validEmail(email);
  const description = ok
    ? `Copia di cortesia (PDF e XML) inviata a ${email} tramite la Posta in uscita`
    : `Copia di cortesia non inviata: il cliente non ha un indirizzo e-mail valido`;
  const studio = await studioData(exec, t.studio_id);
  // sent by the SdI follower in the background: a batch document
  const pdf = ok ? await renderPdf(eDocumentPdfDoc(studio, doc), { batch: true }) : null;
  const what = doc.type === 'TD04' ? 'Nota di credito' : 'Fattura';
  const subject = `${what} n. ${doc.number} del ${displayDate(doc.date)} — ${studio.name}`;
  const text = [
    `Gentile ${doc.customer.name},`,
    '',
    `in allegato la copia di cortesia della ${what.toLowerCase()} n. ${doc.number} del ${displayDate(doc.date)}, trasmessa al Sistema di Interscambio (SdI), e il suo file XML.`,
    "L'originale con valore fiscale è il file XML recapitato da SdI (o disponibile nella sua area riservata del sito dell'Agenzia delle Entrate).",
    '',
    'Cordiali saluti,',
    studio.name,
  ].join('\n');
  return inTransaction(database, async (x) => {
    if (!(await insertCopyEvent(x, t, description)) || !pdf) return [];
    return enqueueMails(x, [
      {
        studioId: t.studio_id,
        kind: 'e_invoice',
        to: [email],
        subject,
        text,
        attachments: [
          {
            filename: `${what.replace(/ /g, '_')}_${doc.number.replace(/[^A-Za-z0-9-]+/g, '_')}.pdf`,
            contentType: 'application/pdf',
            content: pdf,
          },
          { filename: t.file_name, contentType: 'application/xml', content: Buffer.from(t.xml, 'utf8') },
        ],
        createdBy: null,
      },
    ]);
  });
}

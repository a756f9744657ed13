/**
 * The demo's customers' area (issue 50 item 9), for 'Studio Demo': three customers with people in
 * the area — the first, whose engagement letter waits to be accepted, with a password
 * (DEMO_PORTAL_LOGIN / DEMO_PASSWORD: the README names it) besides the links; an open request of
 * the quarter's purchase invoices with one document sent; a late request of the 730's documents
 * (from the checklist of the job '730', whose 'Raccolta documenti' sub-task it turns done); a
 * completed request; a file the studio shared; a thread with a message of the customer not read
 * yet; the AML declaration to accept (demoPortalDeclarations.ts). The checklists 'Documenti per il
 * 730' and 'Fatture del trimestre'. Deterministic but for the stored files' keys.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Exec } from '../records/exec.js';
import type { Storage } from '../storage/index.js';
import { addDays, today as romeToday } from '../../model/dates.js';
import { renderPdf } from '../render/pdf.js';
import { letterData } from '../areas/engagements/letterData.js';
import { letterPdf } from '../areas/engagements/letterPdf.js';
import { visibleEngagement } from '../areas/engagements/letterQueries.js';
import { seedPortalDeclarations } from './demoPortalDeclarations.js';
import { seedPortalInvoices } from './demoPortalInvoices.js';
import { seedPortalMandates } from './demoPortalMandates.js';

/** The demo customer's person who logs in with a password (README). */
export const DEMO_PORTAL_LOGIN = 'titolare@cliente-demo.test';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function one(exec: Exec, q: ReturnType<typeof sql>): Promise<number> {
  const [r] = await exec(q);
  return Number(r!.id);
}

/** A small real PDF with a title and a few lines (what a customer or the studio would send). */
const demoPdf = (title: string, lines: string[]) =>
  renderPdf(
    { content: [{ text: title, fontSize: 16, bold: true, margin: [0, 0, 0, 12] }, ...lines.map((l) => ({ text: l }))] },
    { batch: true },
  );

export async function seedPortal(
  exec: Exec,
  studioId: number,
  admin: { id: number; name: string },
  password: string,
  storage?: Storage,
  /** the people's e-mail domain (a copy of the demo studio has its own) */
  domain = 'cliente-demo.test',
) {
  const login = `titolare@${domain}`;
  const today = romeToday();
  // the customers: the first whose engagement is sent (its letter to accept), then two more active ones
  const [sent] = await exec(sql`SELECT e."id" AS "engagement_id", e."customer_id" FROM "engagements" e
    JOIN "customers" c ON c."id" = e."customer_id" AND c."deleted_at" IS NULL AND c."ceased" = 0
    WHERE e."studio_id" = ${studioId} AND e."status" = 'sent' AND e."deleted_at" IS NULL ORDER BY e."id" LIMIT 1`);
  const others = await exec(sql`SELECT c."id" FROM "customers" c
    WHERE c."studio_id" = ${studioId} AND c."deleted_at" IS NULL AND c."ceased" = 0 AND c."id" <> ${Number(sent?.customer_id ?? 0)}
      AND c."legal_status_id" IN (SELECT "legal_status_id" FROM "studio_job_legal_statuses" sl JOIN "studio_jobs" j ON j."id" = sl."studio_job_id"
        WHERE j."studio_id" = ${studioId} AND j."cod" = '730')
    ORDER BY c."id" LIMIT 2`);
  if (!sent || others.length < 2) return;
  const main = Number(sent.customer_id);
  const [second, third] = others.map((r) => Number(r.id)) as [number, number];

  // the people and their access; the main person also has a password
  const people: Array<[number, string, string, string | null]> = [
    [main, login, 'Giovanni Esposito', `${addDays(today, -3)} 18:40:00`],
    [main, `amministrazione@${domain}`, 'Ufficio amministrazione', null],
    [second, `anna.ferri@${domain}`, 'Anna Ferri', `${addDays(today, -20)} 09:15:00`],
    [third, `luca.conti@${domain}`, 'Luca Conti', `${addDays(today, -40)} 12:05:00`],
  ];
  const personOf = new Map<string, number>();
  for (const [customer, email, name, lastLogin] of people) {
    const person = await one(
      exec,
      sql`INSERT INTO "portal_people" ("email") VALUES (${email})
      ON CONFLICT ("email") DO UPDATE SET "email" = EXCLUDED."email" RETURNING "id"`,
    );
    personOf.set(email, person);
    await exec(sql`INSERT INTO "portal_access" ("studio_id", "customer_id", "person_id", "name", "invited_at", "invited_by", "invited_by_name", "last_login_at")
      VALUES (${studioId}, ${customer}, ${person}, ${name}, ${`${addDays(today, -60)} 10:00:00`}::timestamp, ${admin.id}, ${admin.name}, ${lastLogin}::timestamp)`);
  }
  await exec(sql`INSERT INTO "portal_passwords" ("person_id", "studio_id", "password_hash")
    VALUES (${personOf.get(login)!}, ${studioId}, ${password})`);

  // the checklists: the 730's (its job and 'Raccolta documenti'), the quarter's invoices
  const [job] = await exec(sql`SELECT j."id", t."id" AS "task_id" FROM "studio_jobs" j
    LEFT JOIN "studio_job_tasks" jt ON jt."studio_job_id" = j."id"
    LEFT JOIN "tasks" t ON t."id" = jt."task_id" AND t."cod" = 'RACCOLTA_DOC'
    WHERE j."studio_id" = ${studioId} AND j."cod" = '730' ORDER BY t."id" NULLS LAST LIMIT 1`);
  const items730 = [
    'Certificazione Unica (CU) dei redditi',
    'Spese mediche e farmaceutiche',
    'Interessi passivi del mutuo per la prima casa',
    'Spese di istruzione e per attività sportive dei figli',
    'Ricevute dei bonifici per ristrutturazioni e risparmio energetico',
  ];
  const itemsQuarter = [
    'Fatture di acquisto del trimestre',
    'Estratti conto bancari del trimestre',
    'Ricevute dei pagamenti con carta (POS)',
  ];
  const checklist730 = await one(
    exec,
    sql`INSERT INTO "document_checklists" ("studio_id", "name", "studio_job_id", "task_id", "items", "message")
      VALUES (${studioId}, 'Documenti per il 730', ${job?.id ?? null}, ${job?.task_id ?? null}, ${items730.join('\n')},
        'Ci invii i documenti per la dichiarazione dei redditi: anche foto fatte con il telefono vanno bene.') RETURNING "id"`,
  );
  await exec(sql`INSERT INTO "document_checklists" ("studio_id", "name", "items", "message")
    VALUES (${studioId}, 'Fatture del trimestre', ${itemsQuarter.join('\n')}, 'Ci servono per la liquidazione IVA del trimestre.')`);

  const request = async (
    customer: number,
    title: string,
    due: string,
    items: string[],
    statuses: string[],
    extra: { checklist?: number; job?: boolean; status?: string; reminders?: number } = {},
  ) => {
    const id = await one(
      exec,
      sql`INSERT INTO "portal_requests" ("studio_id", "customer_id", "title", "due_date", "message", "checklist_id", "studio_job_id", "task_id",
          "year", "status", "created_at", "created_by", "created_by_name", "closed_at", "reminders_sent", "last_reminded_on")
        VALUES (${studioId}, ${customer}, ${title}, ${due}::date, ${null}, ${extra.checklist ?? null},
          ${extra.job ? (job?.id ?? null) : null}, ${extra.job ? (job?.task_id ?? null) : null},
          ${extra.job ? Number(today.slice(0, 4)) : null}, ${extra.status ?? 'aperta'}, ${`${addDays(today, -25)} 09:00:00`}::timestamp,
          ${admin.id}, ${admin.name}, ${extra.status === 'completata' ? `${addDays(today, -12)} 16:30:00` : null}::timestamp,
          ${extra.reminders ?? 0}, ${extra.reminders ? addDays(today, -2) : null}::date) RETURNING "id"`,
    );
    const itemIds: number[] = [];
    for (const [i, label] of items.entries())
      itemIds.push(
        await one(
          exec,
          sql`INSERT INTO "portal_request_items" ("studio_id", "request_id", "position", "label", "status")
            VALUES (${studioId}, ${id}, ${i + 1}, ${label}, ${statuses[i] ?? 'richiesto'}) RETURNING "id"`,
        ),
      );
    return itemIds;
  };
  const quarterItems = await request(main, 'Fatture di acquisto del trimestre', addDays(today, 10), itemsQuarter, [
    'inviato',
  ]);
  await request(second, 'Documenti per il 730', addDays(today, -5), items730, [], {
    checklist: checklist730,
    job: true,
    reminders: 1,
  });
  await request(
    third,
    'Estratti conto di fine anno',
    addDays(today, -15),
    ['Estratto conto al 31 dicembre', 'Prospetto titoli'],
    ['accettato', 'accettato'],
    { status: 'completata' },
  );

  // the files: the customer's invoice sent, the studio's balance sheet shared; the letter to accept
  if (storage) {
    const invoice = await demoPdf('Fattura n. 118/2026', [
      'Fornitore: Cartoleria Centrale S.r.l.',
      'Imponibile 250,00 €, IVA 22 % 55,00 €',
    ]);
    const key = await storage.put(invoice, 'portal');
    await exec(sql`INSERT INTO "portal_files" ("studio_id", "customer_id", "item_id", "origin", "filename", "content_type", "kind", "size",
        "sha256", "storage_path", "scan", "uploaded_by_person", "uploaded_by_name", "created_at")
      VALUES (${studioId}, ${main}, ${quarterItems[0]!}, 'cliente', 'Fattura 118-2026.pdf', 'application/pdf', 'pdf', ${invoice.length},
        ${sha256(invoice)}, ${key}, 'non_verificato', ${personOf.get(login)!}, 'Giovanni Esposito',
        ${`${addDays(today, -1)} 19:02:00`}::timestamp)`);
    const balance = await demoPdf('Bilancio di esercizio 2025', [
      'Stato patrimoniale e conto economico',
      'Documento di prova della demo',
    ]);
    const shared = await storage.put(balance, 'portal');
    await exec(sql`INSERT INTO "portal_files" ("studio_id", "customer_id", "origin", "filename", "content_type", "kind", "size",
        "sha256", "storage_path", "scan", "uploaded_by_name", "created_at")
      VALUES (${studioId}, ${main}, 'studio', 'Bilancio 2025.pdf', 'application/pdf', 'pdf', ${balance.length}, ${sha256(balance)},
        ${shared}, 'non_verificato', ${admin.name}, ${`${addDays(today, -6)} 11:00:00`}::timestamp)`);

    const e = await visibleEngagement(
      exec,
      {
        studioId,
        role: 'Admin',
        userId: admin.id,
        name: admin.name,
        email: '',
        studioName: '',
        permissions: new Set(),
        jti: '',
      },
      Number(sent.engagement_id),
    );
    if (e) {
      const letter = await letterPdf(await letterData(exec, e), { batch: true });
      const letterKey = await storage.put(letter, 'engagement-letters');
      await exec(sql`INSERT INTO "engagement_letters" ("studio_id", "engagement_id", "kind", "storage_path", "filename", "content_type",
          "size", "sha256", "recipient", "nonce", "link_expires", "created_by", "created_by_name", "created_at")
        VALUES (${studioId}, ${e.id}, 'mail', ${letterKey}, 'Lettera d''incarico.pdf', 'application/pdf', ${letter.length}, ${sha256(letter)},
          ${login}, ${randomBytes(12).toString('base64url')}, ${addDays(today, 50)}::date, ${admin.id}, ${admin.name},
          ${`${addDays(today, -10)} 09:00:00`}::timestamp)`);
    }
  }

  // the thread: the studio asked, the customer answered (not read yet by the studio)
  const m1 = await one(
    exec,
    sql`INSERT INTO "portal_messages" ("studio_id", "customer_id", "side", "user_id", "author_name", "body", "created_at")
      VALUES (${studioId}, ${main}, 'studio', ${admin.id}, ${admin.name},
        ${'Buongiorno,\nle abbiamo chiesto le fatture di acquisto del trimestre: può caricarle anche come foto dal telefono.\nGrazie, Marco Rossi'},
        ${`${addDays(today, -4)} 10:12:00`}::timestamp) RETURNING "id"`,
  );
  const m2 = await one(
    exec,
    sql`INSERT INTO "portal_messages" ("studio_id", "customer_id", "side", "person_id", "author_name", "body", "created_at")
      VALUES (${studioId}, ${main}, 'cliente', ${personOf.get(login)!}, 'Giovanni Esposito',
        ${'Buonasera, ho caricato la prima fattura. Le altre ve le mando entro venerdì.'}, ${`${addDays(today, -1)} 19:05:00`}::timestamp) RETURNING "id"`,
  );
  await exec(sql`INSERT INTO "portal_threads" ("studio_id", "customer_id", "last_message_id", "last_at", "last_side", "studio_read_id", "customer_read_id")
    VALUES (${studioId}, ${main}, ${m2}, ${`${addDays(today, -1)} 19:05:00`}::timestamp, 'cliente', ${m1}, ${m2})`);

  // the AML declaration to accept: the demo studio's own (its copies' tests count what they send, as the files)
  if (storage) await seedPortalDeclarations(exec, studioId, main, admin);

  // the e-invoices SdI has, with the files sent, for 'Fatture'
  await seedPortalInvoices(exec, studioId, main);

  // the second customer is collected by SDD without a mandate: its person signs it in 'Mandato SEPA'
  await seedPortalMandates(exec, studioId, second);
}

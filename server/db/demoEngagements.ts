/**
 * The demo's engagements, time and profitability (issue 49 item 8), for 'Studio Demo': one active
 * customer in two has a signed engagement with a mix of billing rules (quarterly or monthly
 * bookkeeping, the yearly tax return, an F24 count per month, advice by the hour, a one-off
 * balance sheet), some updated each year by ISTAT or a fixed percentage; a few engagements are
 * drafts or sent and not yet signed. Three months of time of the Admin and the Collaboratore, with a
 * few customers who take far more hours than they pay for, so that 'Redditività' tells a story; the
 * collaborators' hourly costs and the services' hourly rates; the ISTAT FOI indices of the last
 * three years (demonstration values, marked so: the studio enters those ISTAT publishes). The
 * periods due up to yesterday are billed by the billing run itself (a scheduled run of yesterday
 * in the log), so that today's charges are made by the server's daily run. Deterministic.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../records/exec.js';
import { insertMany as insertRows } from '../areas/customerImport/queries.js';
import { addDays, today as romeToday } from '../../model/dates.js';
import { runBilling } from '../areas/engagements/billing.js';

async function insert(exec: Exec, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]!);
  return insertRows(
    exec,
    table,
    cols,
    rows.map((r) => cols.map((c) => r[c] ?? null)),
    200,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const isWeekday = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return d !== 0 && d !== 6;
};

export async function seedEngagements(
  exec: Exec,
  studioId: number,
  admin: { id: number; name: string },
  collab: { id: number; name: string },
) {
  const today = romeToday();
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const services = Object.fromEntries(
    (await exec(sql`SELECT "id", "cod" FROM "studio_services" WHERE "studio_id" = ${studioId}`)).map((r) => [
      String(r.cod),
      Number(r.id),
    ]),
  );
  const s = (cod: string) => services[cod]!;

  // the FOI index of the last 37 months: a demonstration series (about +1,5 % a year)
  const istat: Record<string, unknown>[] = [];
  for (let k = 37; k >= 1; k--) {
    const m0 = year * 12 + (month - 1) - k;
    const [y, m] = [Math.floor(m0 / 12), (m0 % 12) + 1];
    const value = (119 + (37 - k) * 0.14 + ((k * 7) % 5) * 0.05).toFixed(1);
    istat.push({ studio_id: studioId, year: y, month: m, value, note: 'Valore dimostrativo: inserire il dato ISTAT' });
  }
  await insert(exec, 'istat_indices', istat);

  // what an hour costs and is charged
  const since = `${year - 2}-01-01`;
  await insert(exec, 'hourly_costs', [
    { studio_id: studioId, user_id: admin.id, valid_from: since, cost: '48.00', note: 'Titolare' },
    { studio_id: studioId, user_id: collab.id, valid_from: since, cost: '26.50', note: 'Dipendente, livello 2' },
  ]);
  const rates: Array<[string, string]> = [
    ['CONT_ORD', '60.00'],
    ['CONT_SEMPL', '50.00'],
    ['DICH_REDD', '70.00'],
    ['MOD_730', '45.00'],
    ['CEDOLINI', '40.00'],
    ['CONS_FISC', '95.00'],
    ['BILANCIO', '80.00'],
    ['F24', '35.00'],
  ];
  await insert(
    exec,
    'service_rates',
    rates.map(([cod, rate]) => ({ studio_id: studioId, studio_service_id: s(cod), valid_from: since, rate })),
  );

  // one active customer in two
  const customers = (
    await exec(sql`SELECT "id", "business_name", "cedolino_rate"::text AS "rate" FROM "customers"
      WHERE "studio_id" = ${studioId} AND "deleted_at" IS NULL AND coalesce("ceased", 0) = 0 ORDER BY "id"`)
  )
    .filter((_c, i) => i % 2 === 0)
    .map((c) => ({ id: Number(c.id), name: String(c.business_name) }));
  const engagements: Record<string, unknown>[] = [];
  const lines: Array<{ n: number; cod: string; rule: string; fee: string; unit_source?: string }> = [];
  customers.forEach((c, n) => {
    const status = n % 23 === 5 ? 'draft' : n % 23 === 11 ? 'sent' : 'signed';
    const start = n % 3 === 0 ? `${year - 1}-01-01` : `${year}-01-01`;
    engagements.push({
      studio_id: studioId,
      title: n % 4 === 0 ? 'Contabilità, bilancio e dichiarativi' : 'Contabilità e dichiarativi',
      customer_id: c.id,
      start_date: start,
      end_date: null,
      notice_days: 90,
      billing_day: [1, 10, 31][n % 3],
      payment_days: 30,
      update_kind: n % 5 === 0 ? 'istat' : n % 5 === 1 ? 'fixed' : 'none',
      update_percent: n % 5 === 1 ? '2.00' : null,
      istat_share: '100.00',
      status,
      sent_at: status === 'draft' ? null : `${start.slice(0, 4)}-${start.slice(5, 7)}-01 09:00:00`,
      signed_at: status === 'signed' ? `${start} 10:30:00` : null,
      signed_how: status === 'signed' ? (n % 2 ? 'Firmato su carta (scansione allegata)' : 'Accettato online') : null,
      note: null,
    });
    const ordinary = n % 3 !== 2;
    lines.push(
      ordinary
        ? { n, cod: 'CONT_ORD', rule: 'quarterly', fee: String(450 + (n % 5) * 75) }
        : { n, cod: 'CONT_SEMPL', rule: 'monthly', fee: String(90 + (n % 4) * 10) },
    );
    lines.push({ n, cod: 'DICH_REDD', rule: 'yearly', fee: String(300 + (n % 4) * 50) });
    if (n % 2 === 0) lines.push({ n, cod: 'F24', rule: 'per_unit', fee: '7.50', unit_source: 'manual' });
    if (n % 4 === 1) lines.push({ n, cod: 'CONS_FISC', rule: 'by_time', fee: '95.00' });
    if (n % 4 === 0) lines.push({ n, cod: 'BILANCIO', rule: 'one_off', fee: '850.00' });
  });
  const ids = await insert(exec, 'engagements', engagements);
  const position = new Map<number, number>();
  const lineIds = await insert(
    exec,
    'engagement_services',
    lines.map((l) => {
      const p = (position.get(l.n) ?? 0) + 1;
      position.set(l.n, p);
      return {
        studio_id: studioId,
        engagement_id: ids[l.n],
        position: p,
        studio_service_id: s(l.cod),
        description:
          l.cod === 'CONT_ORD'
            ? 'Tenuta della contabilità ordinaria e adempimenti IVA'
            : l.cod === 'CONT_SEMPL'
              ? 'Tenuta della contabilità semplificata'
              : l.cod === 'DICH_REDD'
                ? 'Dichiarazione dei redditi e IRAP'
                : l.cod === 'F24'
                  ? 'Predisposizione e invio modelli F24'
                  : l.cod === 'CONS_FISC'
                    ? 'Consulenza fiscale su richiesta'
                    : "Redazione del bilancio d'esercizio",
        rule: l.rule,
        fee: l.fee,
        unit_source: l.unit_source ?? null,
      };
    }),
  );
  // the F24 counts of each month up to the last one
  const units: Record<string, unknown>[] = [];
  lines.forEach((l, k) => {
    if (l.rule !== 'per_unit') return;
    const start = String(engagements[l.n]!.start_date);
    for (let m0 = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1; m0 < year * 12 + month - 1; m0++) {
      const [y, m] = [Math.floor(m0 / 12), (m0 % 12) + 1];
      units.push({
        engagement_service_id: lineIds[k],
        period_start: `${y}-${pad(m)}-01`,
        studio_id: studioId,
        units: String(2 + ((l.n + m) % 5)),
        updated_by: collab.id,
      });
    }
  });
  // (a table keyed by service and month: no id to return)
  for (let i = 0; i < units.length; i += 500)
    await exec(sql`INSERT INTO "engagement_units" ("engagement_service_id", "period_start", "studio_id", "units", "updated_by")
      VALUES ${sql.join(
        units
          .slice(i, i + 500)
          .map(
            (u) => sql`(${u.engagement_service_id}, ${u.period_start}, ${u.studio_id}, ${u.units}, ${u.updated_by})`,
          ),
        sql`, `,
      )}`);

  // three months of time: every weekday, each of the two some entries; a few customers take far more
  const heavy = new Set(customers.filter((_c, n) => n % 23 === 3).map((c) => c.id));
  const cods = ['CONT_ORD', 'CONT_SEMPL', 'DICH_REDD', 'CONS_FISC', 'F24', 'BILANCIO'];
  const entries: Record<string, unknown>[] = [];
  const withEngagement = customers.map((c) => c.id);
  let k = 0;
  for (let d = 91; d >= 1; d--) {
    const day = addDays(today, -d);
    if (!isWeekday(day)) continue;
    for (const user of [admin, collab]) {
      const count = user === admin ? 3 : 5;
      for (let e = 0; e < count; e++, k++) {
        const heavyDay = e === 0 && heavy.size > 0;
        const customer = heavyDay ? [...heavy][k % heavy.size]! : withEngagement[(k * 7 + d) % withEngagement.length]!;
        // the heavy customers' bookkeeping takes three and a half hours a day: they cost more than they pay
        const cod = heavyDay ? 'CONT_ORD' : cods[(k + d) % cods.length]!;
        entries.push({
          studio_id: studioId,
          user_id: user.id,
          customer_id: customer,
          studio_service_id: s(cod),
          date: day,
          minutes: heavyDay ? 210 : 20 + ((k * 13) % 7) * 10,
          note: heavyDay ? 'Registrazioni e riconciliazioni (documenti consegnati in ritardo)' : null,
        });
      }
    }
  }
  await insert(exec, 'time_entries', entries);

  // what was due up to yesterday, billed by the billing run itself
  await runBilling((fn) => fn(exec), exec, studioId, addDays(today, -1), 'scheduled', null);
}

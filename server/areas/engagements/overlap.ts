/** Issue 49: an engagement's services that another engagement of the customer already has over the same dates. */
import type { Exec } from '../../records/exec.js';
import { slashDate } from '../../../model/dates.js';
import { rangesOverlap } from '../../../model/engagements.js';
import { sameServiceEngagements } from './queries.js';

/**
 * The services of an engagement that overlap another engagement of the same customer with the same
 * studio service: field errors by the service's path. `dates` are the engagement's (as saved or as
 * about to be saved).
 */
export async function overlapErrors(
  exec: Exec,
  studioId: number,
  engagementId: number | null,
  customerId: number,
  dates: { start: string; end: string | null },
  services: Array<{ studio_service_id: number }>,
): Promise<Record<string, string>> {
  const ids = services.map((s) => s.studio_service_id).filter((x) => Number.isInteger(x) && x > 0);
  if (!ids.length) return {};
  const others = await sameServiceEngagements(exec, studioId, customerId, engagementId, ids);

  const out: Record<string, string> = {};
  services.forEach((s, i) => {
    const o = others.find(
      (r) =>
        Number(r.studio_service_id) === s.studio_service_id &&
        rangesOverlap(dates, { start: String(r.start), end: (r.end as string | null) ?? null }),
    );
    if (o)
      out[`services.${i}.studio_service_id`] =
        `Il servizio è già nell'incarico «${String(o.title)}» (dal ${slashDate(String(o.start))}${o.end ? ` al ${slashDate(String(o.end))}` : ', a tempo indeterminato'}): le date si sovrappongono`;
  });
  return out;
}

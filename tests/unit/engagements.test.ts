/**
 * The rules of engagements (issue 49, model/engagements.ts) with figures checked by hand: the
 * periods of each billing rule and the day each is charged (31 → the month's last day; in advance
 * for periodic rules, a month in arrears for per-unit and by-time ones, once for one-off), the
 * anniversaries of the yearly update, the ISTAT percentage (the yearly variation to one decimal,
 * times the share; a fall leaves the fee as it is) and the raised fee to the cent; the services'
 * checks by field path.
 */
import { describe, expect, it } from 'vitest';
import {
  billingPeriods,
  clampDay,
  engagementProblems,
  istatMonths,
  istatPercent,
  raisedFee,
  rangesOverlap,
  updateDates,
} from '../../model/engagements';

const e = (start: string, day: number, end: string | null = null) => ({
  start_date: start,
  end_date: end,
  billing_day: day,
});
const dates = (p: Array<{ billing_date: string }>) => p.map((x) => x.billing_date);

describe('issue 49 billing periods', () => {
  it('the 31st is the last day of shorter months (30 April, 28 or 29 February)', () => {
    expect(clampDay(2026, 4, 31)).toBe('2026-04-30');
    expect(clampDay(2026, 2, 31)).toBe('2026-02-28');
    expect(clampDay(2028, 2, 30)).toBe('2028-02-29');
    expect(clampDay(2026, 1, 31)).toBe('2026-01-31');
  });

  it('monthly in advance on the 31st: each month its last day, from the start to the end', () => {
    const p = billingPeriods(e('2026-01-15', 31, '2026-04-10'), 'monthly', '2026-12-31');
    expect(dates(p)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(p[1]).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
      billing_date: '2026-02-28',
      label: 'febbraio 2026',
    });
  });

  it('quarterly: calendar quarters, the first billed on the start when it begins after its billing day', () => {
    const p = billingPeriods(e('2026-05-20', 10), 'quarterly', '2026-12-31');
    expect(p.map((x) => [x.start, x.end, x.billing_date, x.label])).toEqual([
      ['2026-04-01', '2026-06-30', '2026-05-20', '2° trimestre 2026'],
      ['2026-07-01', '2026-09-30', '2026-07-10', '3° trimestre 2026'],
      ['2026-10-01', '2026-12-31', '2026-10-10', '4° trimestre 2026'],
    ]);
    // only the periods whose day has come
    expect(dates(billingPeriods(e('2026-05-20', 10), 'quarterly', '2026-07-09'))).toEqual(['2026-05-20']);
  });

  it('half-yearly and yearly', () => {
    expect(
      billingPeriods(e('2025-03-01', 1), 'half_yearly', '2026-07-01').map((x) => [x.billing_date, x.label]),
    ).toEqual([
      ['2025-03-01', '1° semestre 2025'],
      ['2025-07-01', '2° semestre 2025'],
      ['2026-01-01', '1° semestre 2026'],
      ['2026-07-01', '2° semestre 2026'],
    ]);
    expect(dates(billingPeriods(e('2024-06-01', 31), 'yearly', '2026-11-30'))).toEqual([
      '2024-06-01',
      '2025-01-31',
      '2026-01-31',
    ]);
  });

  it('per unit and by time: each month, billed on the billing day of the month after', () => {
    const p = billingPeriods(e('2026-09-15', 31), 'by_time', '2026-11-30');
    expect(p.map((x) => [x.start, x.end, x.billing_date])).toEqual([
      ['2026-09-01', '2026-09-30', '2026-10-31'],
      ['2026-10-01', '2026-10-31', '2026-11-30'],
    ]);
    expect(dates(billingPeriods(e('2026-01-01', 5), 'per_unit', '2026-03-04'))).toEqual(['2026-02-05']);
  });

  it('one-off: once, on the first billing day from the start', () => {
    expect(billingPeriods(e('2026-03-20', 10), 'one_off', '2026-12-31')).toEqual([
      { start: '2026-03-20', end: '2026-03-20', billing_date: '2026-04-10', label: 'una tantum' },
    ]);
    expect(dates(billingPeriods(e('2026-03-05', 10), 'one_off', '2026-12-31'))).toEqual(['2026-03-10']);
    expect(billingPeriods(e('2026-03-05', 10), 'one_off', '2026-03-09')).toEqual([]);
  });
});

describe('issue 49 the yearly update', () => {
  it('on each anniversary of the start, up to the day and the end (29 February → 28 February)', () => {
    expect(updateDates(e('2024-02-29', 1), '2026-11-30')).toEqual(['2025-02-28', '2026-02-28']);
    expect(updateDates(e('2024-06-15', 1, '2025-12-31'), '2026-11-30')).toEqual(['2025-06-15']);
  });

  it('ISTAT: the month before the anniversary against the same month a year before', () => {
    expect(istatMonths('2027-01-01')).toEqual({ current: '2026-12', base: '2025-12' });
    expect(istatMonths('2026-06-15')).toEqual({ current: '2026-05', base: '2025-05' });
  });

  it('ISTAT percentage: the variation to one decimal, times the share; a fall is no update', () => {
    // 120,0 → 121,8: +1,5 %; at 75 %: 1,125 %
    expect(istatPercent('120.0', '121.8', 75)).toBe(1.125);
    // 118,3 → 122,4: +3,4657… → 3,5 %; at 100 %: 3,5 %
    expect(istatPercent(118.3, 122.4, 100)).toBe(3.5);
    expect(istatPercent('122.0', '121.5', 100)).toBe(0);
  });

  it('the raised fee to the cent, half up', () => {
    expect(raisedFee(100000, 1.125)).toBe(101125);
    // 333,33 € + 3,5 % = 344,9966 → 345,00 €
    expect(raisedFee(33333, 3.5)).toBe(34500);
    expect(raisedFee(120000, 5)).toBe(126000);
  });
});

describe('issue 49 the services checks', () => {
  it('each problem under its path; a valid list has none', () => {
    expect(
      engagementProblems({
        start_date: '2026-01-01',
        end_date: '2025-12-31',
        update_kind: 'fixed',
        update_percent: '25',
        services: [
          { studio_service_id: 3, rule: 'monthly', fee: '0' },
          { studio_service_id: 3, rule: 'by_time', fee: '1500' },
          { studio_service_id: 4, rule: 'per_unit', fee: '12,345' },
        ],
      }),
    ).toEqual({
      end_date: 'La data di fine è precedente alla data di inizio',
      update_percent: "Indica la percentuale fissa dell'aggiornamento annuo (da 0,01 a 20)",
      'services.0.fee': 'Indica un compenso maggiore di zero, con al massimo due decimali',
      'services.1.studio_service_id': "Lo stesso servizio compare due volte nell'incarico",
      'services.1.fee': "Il compenso di 1.500,00 € è fuori misura: al massimo 1.000,00 € all'ora",
      'services.2.fee': 'Indica un compenso maggiore di zero, con al massimo due decimali',
      'services.2.unit_source': 'Indica da dove si prende il numero (cedolini o inserito a mano)',
    });
    expect(
      engagementProblems({
        start_date: '2026-01-01',
        end_date: null,
        update_kind: 'istat',
        services: [{ studio_service_id: 3, rule: 'quarterly', fee: '600,00' }],
      }),
    ).toEqual({});
    expect(engagementProblems({ services: [] })).toEqual({ services: "Indica almeno un servizio dell'incarico" });
  });

  it('date ranges overlap, an open end running forever', () => {
    expect(rangesOverlap({ start: '2026-01-01', end: '2026-12-31' }, { start: '2026-12-31', end: null })).toBe(true);
    expect(rangesOverlap({ start: '2026-01-01', end: '2026-12-31' }, { start: '2027-01-01', end: null })).toBe(false);
    expect(rangesOverlap({ start: '2027-01-01', end: null }, { start: '2020-01-01', end: null })).toBe(true);
  });
});

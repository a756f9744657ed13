/** Cells of the generic table, by field type. */
import type { ReactElement } from 'react';
import { Chip } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Block from '@mui/icons-material/Block';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOn';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useRecordContext } from 'react-admin';
import type { FieldDef } from '../../model/fields';
import type { StatusValue } from '../../model/define';

const money = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions);
const ICONS: Record<string, ReactElement> = {
  CheckCircle: <CheckCircle fontSize="small" />, Block: <Block fontSize="small" />,
  HourglassEmpty: <HourglassEmpty fontSize="small" />, DoNotDisturbOn: <DoNotDisturbOn fontSize="small" />,
};

/** DD-MM-YYYY from YYYY-MM-DD[ HH:mm…]. */
export function displayDate(v: unknown, withTime = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(String(v ?? ''));
  if (!m) return '';
  return `${m[3]}-${m[2]}-${m[1]}${withTime && m[4] ? ` ${m[4]}` : ''}`;
}

export function displayValue(fd: FieldDef, name: string, record: Record<string, unknown>): string {
  const rel = fd.type === 'relation' ? (record[name.replace(/_id$/, '')] as { label?: string; cod?: string } | null) : null;
  const v = fd.type === 'relation' ? (fd.listShowsCode ? rel?.cod ?? rel?.label : rel?.label) ?? '' : record[name];
  if (v === null || v === undefined || v === '') return '';
  switch (fd.type) {
    case 'money': return money.format(Number(v));
    case 'decimal': case 'credit': return Number(v).toLocaleString('it-IT');
    case 'date': return displayDate(v);
    case 'datetime': return displayDate(v, true);
    case 'flag': return Number(v) ? 'Sì' : 'No';
    case 'boolean': return v ? 'Sì' : 'No';
    case 'choice': return fd.choices?.find((c) => String(c.value) === String(v))?.text ?? String(v);
    default: return String(v);
  }
}

export function ValueCell({ name, fd }: { name: string; fd: FieldDef; label?: string; sortBy?: string; sortable?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  const text = displayValue(fd, name, record);
  const numeric = ['money', 'decimal', 'integer', 'credit'].includes(fd.type);
  const long = fd.type === 'longtext' || text.length > 40;
  if (fd.type === 'relation' && fd.listShowsCode) {
    const full = (record[name.replace(/_id$/, '')] as { label?: string } | null)?.label;
    return <span title={full} style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  }
  return <span style={numeric ? { display: 'block', textAlign: 'right', whiteSpace: 'nowrap' } : long ? undefined : { whiteSpace: 'nowrap' }}>{text}</span>;
}

/** Status column: colour, icon and text; trashed rows show 'Cestinato'. */
export function StatusCell({ status }: { status?: { field: string; values: Record<string, StatusValue> }; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  if (record.trashed) return <Chip size="small" color="error" variant="outlined" icon={<DeleteOutline fontSize="small" />} label="Cestinato" />;
  if (!status) return null;
  const s = status.values[String(record[status.field])];
  if (!s) return null;
  return <Chip size="small" color={s.color === 'default' ? 'default' : s.color} icon={ICONS[s.icon]} label={s.text} />;
}

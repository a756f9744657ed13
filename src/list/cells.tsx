/** Cells of the generic table, by field type. */
import type { ReactElement } from 'react';
import { Chip } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Block from '@mui/icons-material/Block';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOn';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditNote from '@mui/icons-material/EditNote';
import Send from '@mui/icons-material/Send';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useRecordContext } from 'react-admin';
import type { FieldDef } from '../../model/fields';
import type { StatusValue } from '../../model/define';
import { APP_TYPES } from '../fields/appTypes';

const ICONS: Record<string, ReactElement> = {
  CheckCircle: <CheckCircle fontSize="small" />,
  Block: <Block fontSize="small" />,
  HourglassEmpty: <HourglassEmpty fontSize="small" />,
  DoNotDisturbOn: <DoNotDisturbOn fontSize="small" />,
  Edit: <EditNote fontSize="small" />,
  Send: <Send fontSize="small" />,
  Warning: <WarningAmber fontSize="small" />,
};

export { displayDate } from '../../model/dates';

/** The text of a cell, from the field type's registry entry. */
export function displayValue(fd: FieldDef, name: string, record: Record<string, unknown>): string {
  return APP_TYPES[fd.type].cell(fd, name, record);
}

export function ValueCell({
  name,
  fd,
}: {
  name: string;
  fd: FieldDef;
  label?: string;
  sortBy?: string;
  sortable?: boolean;
}) {
  const record = useRecordContext();
  if (!record) return null;
  const text = displayValue(fd, name, record);
  const numeric = !!APP_TYPES[fd.type].numeric;
  const long = fd.type === 'longtext' || text.length > 40;
  if (fd.type === 'relation' && fd.listShowsCode) {
    const full = (record[name.replace(/_id$/, '')] as { label?: string } | null)?.label;
    return (
      <span title={full} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </span>
    );
  }
  return (
    <span
      style={
        numeric
          ? { display: 'block', textAlign: 'right', whiteSpace: 'nowrap' }
          : long
            ? undefined
            : { whiteSpace: 'nowrap' }
      }
    >
      {text}
    </span>
  );
}

/** Status column: colour, icon and text; trashed rows show 'Cestinato'. */
export function StatusCell({
  status,
}: {
  status?: { field: string; values: Record<string, StatusValue> };
  label?: string;
}) {
  const record = useRecordContext();
  if (!record) return null;
  if (record.trashed)
    return (
      <Chip size="small" color="error" variant="outlined" icon={<DeleteOutline fontSize="small" />} label="Cestinato" />
    );
  if (!status) return null;
  const s = status.values[String(record[status.field])];
  if (!s) return null;
  // the whole status, never cut ('Mancata consegna' was shortened beside the sticky actions column):
  // the column takes its width
  return (
    <Chip
      size="small"
      color={s.color === 'default' ? 'default' : s.color}
      icon={ICONS[s.icon]}
      label={s.text}
      sx={{ maxWidth: 'none' }}
    />
  );
}

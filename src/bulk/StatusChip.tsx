import { Chip, type ChipProps } from '@mui/material';

/** A chip's colours by status. */
export type StatusColors<S extends string> = Record<S, ChipProps['color']>;

/**
 * A row's status as a small chip: its label and colour from the screen's maps (the status itself
 * when the map has no label), outlined unless `filled`; `title`, a tooltip of the browser's.
 */
export function StatusChip<S extends string>({
  status,
  labels,
  colors,
  filled = false,
  title,
}: {
  status: S;
  labels: Record<S, string>;
  colors: StatusColors<S>;
  filled?: boolean;
  title?: string;
}) {
  return (
    <Chip
      size="small"
      color={colors[status] ?? 'default'}
      variant={filled ? 'filled' : 'outlined'}
      label={labels[status] ?? status}
      title={title}
    />
  );
}

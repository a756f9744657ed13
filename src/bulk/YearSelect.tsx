import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

/** The year to show, chosen among `years` ('Anno'). */
export function YearSelect({
  value,
  onChange,
  years,
  sx,
}: {
  value: number;
  onChange: (year: number) => void;
  years: number[];
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      label="Anno"
      size="small"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={sx}
    >
      {years.map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}

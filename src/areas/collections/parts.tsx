/**
 * What 'Incassa con SDD' and 'Presenta RiBa' share: the studio's account the file is for, the
 * download of a batch's (or presentation's) file, the actions of a row of their history, the
 * dialog of one with its rows, the customers who pay otherwise (collapsed) and the upload of the
 * bank's answer with the fee to charge each customer it concerns.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  MenuItem,
  TableCell,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { saveAs } from 'file-saver';
import { formatEuro } from '../../../model/types';
import { useAppDataProvider } from '../../dataProvider';
import { LeftOutTable, type LeftOut } from '../../bulk/PreviewRun';
import { failureText } from '../../bulk/texts';

/** A file the server writes (a batch's, a presentation's), saved under the name it gives; a failure goes to `onError`. */
export function useFileDownload(
  download: (id: number) => Promise<{ blob: Blob; filename: string }>,
  onError: (m: string) => void,
) {
  return async (id: number) => {
    try {
      const { blob, filename } = await download(id);
      saveAs(blob, filename);
    } catch (e) {
      onError(`Download non riuscito: ${failureText(e)}`);
    }
  };
}

/** A studio's account as the selects read it ('Conti bancari'). */
export interface AccountOption {
  id: number;
  name: string;
  iban: string | null;
  sdd_format: string | null;
  sia: string | null;
}

/**
 * The studio's accounts, by name: '' the studio's own (its IBAN in 'Il mio studio', as the server
 * chooses it), then those `describe` reads (null: not offered); `disabled`, offered but not to
 * choose (a reason in the text).
 */
export function AccountSelect({
  value,
  onChange,
  error,
  label,
  help,
  describe,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
  label: string;
  help: string;
  describe: (a: AccountOption) => string | null;
  disabled?: (a: AccountOption) => boolean;
}) {
  const dp = useAppDataProvider();
  const accounts = useQuery({
    queryKey: ['collections', 'accounts'],
    queryFn: async () =>
      (
        await dp.getList('BankAccount', {
          pagination: { page: 1, perPage: 200 },
          sort: { field: 'name', order: 'ASC' },
          filter: {},
        })
      ).data as AccountOption[],
  });
  return (
    <TextField
      select
      id="input-bank_account_id"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? help}
      // '' is a choice here (the studio's own account), shown as such
      SelectProps={{ displayEmpty: true }}
      InputLabelProps={{ shrink: true }}
      sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 320 }, maxWidth: 520 }}
    >
      <MenuItem value="">Il conto con l&apos;IBAN dello studio (Il mio studio)</MenuItem>
      {(accounts.data ?? []).flatMap((a) => {
        const text = describe(a);
        return text === null
          ? []
          : [
              <MenuItem key={a.id} value={String(a.id)} disabled={disabled?.(a)}>
                {text}
              </MenuItem>,
            ];
      })}
    </TextField>
  );
}

/**
 * The actions of a row of a history ('Distinte', 'Presentazioni'): its file, its detail and, when
 * it may be, its cancellation; each named '… della {noun} {name}' for screen readers.
 */
export function HistoryActions({
  noun,
  name,
  onDownload,
  onDetail,
  onCancel,
}: {
  noun: string;
  name: string;
  onDownload: () => void;
  onDetail: () => void;
  /** unset: it cannot be cancelled */
  onCancel?: () => void;
}) {
  return (
    <TableCell sx={{ whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={onDownload}
        aria-label={`Scarica il file della ${noun} ${name}`}
      >
        Scarica file
      </Button>
      <Button size="small" onClick={onDetail} aria-label={`Dettaglio della ${noun} ${name}`}>
        Dettaglio
      </Button>
      {onCancel && (
        <Button size="small" color="warning" onClick={onCancel} aria-label={`Annulla la ${noun} ${name}`}>
          Annulla
        </Button>
      )}
    </TableCell>
  );
}

/**
 * The dialog of one row of a history: its title, what it is (`summary`), its detail as read
 * (`query`: the loading bar, the failure), then `children` with it; 'Chiudi'.
 */
export function DetailDialog<T>({
  titleId,
  title,
  summary,
  query,
  loadingLabel,
  failure,
  actions,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  summary: ReactNode;
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** 'Disposizioni non disponibili' */
  failure: string;
  /** beside 'Chiudi' */
  actions?: ReactNode;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{summary}</DialogContentText>
        {query.isLoading && <LinearProgress aria-label={loadingLabel} />}
        {query.isError && (
          <Alert severity="error">
            {failure}: {failureText(query.error)}
          </Alert>
        )}
        {query.data !== undefined && children(query.data)}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose} autoFocus>
          Chiudi
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The customers with charges in the period who pay otherwise ('Senza mandato SDD', 'Non pagano
 * con RiBa'): nothing to fix, so collapsed under their count and amount.
 */
export function OthersDetails({ label, rows }: { label: string; rows: LeftOut[] }) {
  return (
    <details style={{ marginBottom: 16 }}>
      <summary>
        <Typography variant="body2" component="span">
          {label} ({rows.length}, {formatEuro(rows.reduce((s, x) => s + x.amount, 0))}): pagano con altri mezzi, non
          c&apos;è nulla da correggere
        </Typography>
      </summary>
      <LeftOutTable label={label} rows={rows} />
    </details>
  );
}

/**
 * The bank's answer as a file (an SDD status report, the RiBa unpaid receipts) with the fee to
 * charge each customer it concerns: `onUpload` sends them (a failure is shown here, in Italian);
 * once it is done the file is cleared, the fee kept.
 */
export function FeeUpload({
  choose,
  fileLabel,
  accept,
  feeId,
  feeLabel,
  feeHelp,
  button,
  busyLabel,
  onUpload,
}: {
  /** the file's button before one is chosen */
  choose: string;
  /** the file input's name */
  fileLabel: string;
  accept?: string;
  feeId: string;
  feeLabel: string;
  feeHelp: string;
  /** the upload's button */
  button: string;
  busyLabel: string;
  onUpload: (file: File, fee: string) => Promise<void>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fee, setFee] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await onUpload(file, fee);
      setFile(null);
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} sx={{ maxWidth: '100%' }}>
          {file ? file.name : choose}
          <input
            hidden
            type="file"
            accept={accept}
            aria-label={fileLabel}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Button>
        <TextField
          id={feeId}
          label={feeLabel}
          value={fee}
          onChange={(e) => setFee(e.target.value)}
          helperText={feeHelp}
          sx={{ width: { xs: '100%', sm: 360 } }}
          inputProps={{ inputMode: 'decimal' }}
        />
        <Button variant="contained" onClick={upload} disabled={!file || busy} sx={{ mt: 1 }}>
          {button}
        </Button>
      </Box>
      {busy && <LinearProgress aria-label={busyLabel} />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
    </>
  );
}

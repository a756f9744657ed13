/**
 * `/importa_clienti` 'Importa clienti' (issue 16), Admin and above: a studio's customers from a
 * spreadsheet. 1) choose a .csv or .xlsx file (read on the server); 2) match its columns to the
 * customer's fields (recognised by their Italian names, the last import's choices remembered), a
 * value for all rows where a field has no column, and what to do with customers already present;
 * 3) the preview of every row with the form's own messages per cell, the rows with errors
 * downloadable as a CSV to fix; 4) the import of the valid rows at once, with a progress bar.
 * Below, 'Importazioni': who imported which file and when, each undoable as a whole.
 */
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import UndoIcon from '@mui/icons-material/Undo';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { saveAs } from 'file-saver';
import { getModel } from '../../../model/registry';
import { displayDateTime } from '../../../model/dates';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type DuplicateChoice,
  type ImportCounts,
  type ImportMapping,
  type ImportPreviewRow,
  type ImportStaged,
} from '../../../model/customerImport';
import { useAppDataProvider } from '../../dataProvider';
import {
  BulkScreenHeader,
  DoneAlert,
  errorText,
  PreviewRun,
  StepCard,
  StepProgress,
  usePreviewRun,
} from '../../bulk/PreviewRun';
import { HistoryCard } from '../../bulk/HistoryCard';
import { StatusChip } from '../../bulk/StatusChip';
import { ConfirmDialog, useConfirm } from '../../layout/ConfirmDialog';

const Customer = getModel('Customer');
const label = (f: string) => Customer.fields[f]?.label ?? f;
const NONE = '';
const STATUS_TEXT: Record<ImportPreviewRow['status'], string> = {
  new: 'Da creare',
  update: 'Da aggiornare',
  skip: 'Già presente',
  invalid: 'Con errori',
};
const STATUS_COLOR = { new: 'success', update: 'info', skip: 'default', invalid: 'error' } as const;
/** a cell with an error: a light red ground, dark red text (contrast ≥ 4.5 in both themes) */
const ERROR_CELL = (t: Theme) => ({
  bgcolor: alpha(t.palette.error.main, 0.1),
  color: t.palette.mode === 'dark' ? t.palette.error.light : t.palette.error.dark,
  minWidth: 160,
  boxShadow: `inset 3px 0 0 ${t.palette.error.main}`,
});
export function CustomerImport() {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [staged, setStaged] = useState<ImportStaged | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [fixed, setFixed] = useState<Record<string, string>>({});
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const [uploading, setUploading] = useState(false);
  const request = () => ({ mapping, fixed, duplicates });
  // the Anteprima and Importa buttons are there only with a file staged
  const flow = usePreviewRun({
    preview: (onProgress) => dp.importPreview(staged!.id, request(), onProgress),
    run: (_preview, onProgress) => dp.importRun(staged!.id, request(), onProgress),
    onDone: async () => {
      setStaged(null);
      await queryClient.invalidateQueries({ queryKey: ['customerImports'] });
    },
  });
  const busy = uploading || !!flow.busy;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setStaged(null);
    flow.reset();
    if (file.size > IMPORT_MAX_BYTES) {
      flow.setMessage(IMPORT_MESSAGES.tooLarge);
      return;
    }
    if (!/\.(csv|xlsx|txt)$/i.test(file.name)) {
      flow.setMessage(IMPORT_MESSAGES.notSpreadsheet);
      return;
    }
    setUploading(true);
    try {
      const s = await dp.importStage(file);
      setStaged(s);
      setMapping(s.mapping);
      setFixed({});
    } catch (err) {
      flow.setMessage(errorText(err));
    } finally {
      setUploading(false);
    }
  };
  const downloadInvalid = async (id: number) => {
    try {
      const { blob, filename } = await dp.importInvalidRows(id);
      saveAs(blob, filename);
    } catch (err) {
      flow.setMessage(errorText(err));
    }
  };
  /** a choice of the mapping card: the preview is stale */
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      flow.changed();
    };

  return (
    <>
      <BulkScreenHeader title="Importa clienti" list={{ label: 'Gestione Clienti', to: '/table/Customer' }} />
      <StepCard
        title="1. Scegli il file"
        intro={`Un file .csv (separato da punto e virgola o da virgola) oppure .xlsx, con le intestazioni delle colonne nella prima riga (ad esempio Ragione Sociale, Partita IVA, Codice Fiscale, Email, PEC, Indirizzo, CAP, Città, Rappresentante legale). Al più ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`}
      >
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          onChange={choose}
          aria-label="File da importare"
          data-testid="import-file"
        />
        <Button
          variant="contained"
          startIcon={<UploadFileIcon />}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          Scegli file (.csv, .xlsx)
        </Button>
        {staged && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <strong>{staged.file_name}</strong>: {staged.row_count.toLocaleString('it-IT')} righe
            {staged.format === 'csv'
              ? ` (CSV, ${staged.encoding}, separatore «${staged.separator}»)`
              : ' (Excel .xlsx)'}
          </Typography>
        )}
        {uploading && <StepProgress label="Lettura del file" unit="righe" />}
      </StepCard>
      {staged && (
        <MappingCard
          staged={staged}
          mapping={mapping}
          fixed={fixed}
          duplicates={duplicates}
          disabled={busy}
          onMapping={changed(setMapping)}
          onFixed={changed(setFixed)}
          onDuplicates={changed(setDuplicates)}
          onPreview={flow.preview}
        />
      )}
      <PreviewRun
        flow={flow}
        labels={{ preview: 'Controllo delle righe', run: 'Importazione' }}
        unit="righe"
        runProgressBelow
        // the 422 of a mapping that cannot be imported: its messages with the error
        listErrors={['mapping']}
        result={(result) => (
          <DoneAlert
            download={
              result.invalid > 0
                ? { label: 'Scarica righe con errori', onClick: () => downloadInvalid(result.id) }
                : undefined
            }
          >
            Importazione completata: {result.created} clienti creati, {result.updated} aggiornati, {result.skipped}{' '}
            saltati, {result.invalid} righe con errori.
          </DoneAlert>
        )}
        plan={(preview) =>
          staged && (
            <PreviewCard
              preview={preview}
              mapping={mapping}
              fixed={fixed}
              disabled={busy}
              onImport={flow.run}
              onDownloadInvalid={() => downloadInvalid(staged.id)}
            />
          )
        }
      />
      <ImportsCard onError={flow.setMessage} onDownloadInvalid={downloadInvalid} />
    </>
  );
}

function MappingCard({
  staged,
  mapping,
  fixed,
  duplicates,
  disabled,
  onMapping,
  onFixed,
  onDuplicates,
  onPreview,
}: {
  staged: ImportStaged;
  mapping: ImportMapping;
  fixed: Record<string, string>;
  duplicates: DuplicateChoice;
  disabled: boolean;
  onMapping: (m: ImportMapping) => void;
  onFixed: (f: Record<string, string>) => void;
  onDuplicates: (d: DuplicateChoice) => void;
  onPreview: () => void;
}) {
  const used = new Set(Object.values(mapping).filter(Boolean));
  const example = (header: string | null) => {
    if (!header) return '';
    const i = staged.headers.indexOf(header);
    return staged.sample.map((r) => r[i]).find((v) => v) ?? '';
  };
  const unmappedHeaders = staged.headers.filter((h) => !used.has(h));
  return (
    <StepCard
      title="2. Associa le colonne"
      intro="Le colonne con i nomi usuali sono già associate. Per un campo senza colonna puoi indicare un valore per tutte le righe. Il legale rappresentante e la forma giuridica sono cercati per nome e, se non esistono, creati."
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {IMPORT_FIELDS.map((f) => {
          const fd = Customer.fields[f]!;
          const id = `map-${f}`;
          return (
            <Box key={f} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <FormControl size="small" sx={{ flex: 1, minWidth: 0 }}>
                <InputLabel id={`${id}-label`}>{`${fd.label}${fd.required ? ' *' : ''}`}</InputLabel>
                <Select
                  labelId={`${id}-label`}
                  id={id}
                  label={`${fd.label}${fd.required ? ' *' : ''}`}
                  value={mapping[f] ?? NONE}
                  disabled={disabled}
                  onChange={(e) =>
                    onMapping({ ...mapping, [f]: e.target.value === NONE ? null : String(e.target.value) })
                  }
                >
                  <MenuItem value={NONE}>
                    <em>— nessuna colonna —</em>
                  </MenuItem>
                  {staged.headers.map((h) => (
                    <MenuItem key={h} value={h} disabled={used.has(h) && mapping[f] !== h}>
                      {h}
                    </MenuItem>
                  ))}
                </Select>
                {mapping[f] && (
                  <Typography variant="caption" color="text.secondary" noWrap title={example(mapping[f])}>
                    es. {example(mapping[f]) || '(vuoto)'}
                  </Typography>
                )}
              </FormControl>
              {!mapping[f] && (
                <TextField
                  size="small"
                  sx={{ flex: 1, minWidth: 0 }}
                  label={`Valore per tutte le righe (${fd.label})`}
                  value={fixed[f] ?? ''}
                  disabled={disabled}
                  onChange={(e) => onFixed({ ...fixed, [f]: e.target.value })}
                  helperText={fd.default !== undefined ? 'Vuoto: il valore predefinito del cliente' : undefined}
                />
              )}
            </Box>
          );
        })}
      </Box>
      {unmappedHeaders.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Colonne del file non importate: {unmappedHeaders.join(', ')}
        </Typography>
      )}
      <FormControl sx={{ mt: 2, display: 'block' }}>
        <FormLabel id="dup-label">Clienti già presenti nello studio (stessa Partita IVA o Codice Fiscale)</FormLabel>
        <RadioGroup
          row
          aria-labelledby="dup-label"
          value={duplicates}
          onChange={(e) => onDuplicates(e.target.value as DuplicateChoice)}
        >
          <FormControlLabel value="skip" control={<Radio />} label="Salta" disabled={disabled} />
          <FormControlLabel
            value="update"
            control={<Radio />}
            label="Aggiorna con i dati non vuoti del file"
            disabled={disabled}
          />
        </RadioGroup>
      </FormControl>
      <Button variant="contained" sx={{ mt: 1 }} disabled={disabled} onClick={onPreview}>
        Anteprima
      </Button>
    </StepCard>
  );
}

type Show = 'all' | ImportPreviewRow['status'];

function PreviewCard({
  preview,
  mapping,
  fixed,
  disabled,
  onImport,
  onDownloadInvalid,
}: {
  preview: { rows: ImportPreviewRow[]; counts: ImportCounts };
  mapping: ImportMapping;
  fixed: Record<string, string>;
  disabled: boolean;
  onImport: () => void;
  onDownloadInvalid: () => void;
}) {
  const [show, setShow] = useState<Show>(preview.counts.invalid ? 'invalid' : 'all');
  const fields = IMPORT_FIELDS.filter((f) => mapping[f] || fixed[f]);
  const rows = useMemo(
    () => (show === 'all' ? preview.rows : preview.rows.filter((r) => r.status === show)),
    [preview, show],
  );
  const parent = useRef<HTMLDivElement>(null);
  // the app does not use the React Compiler: nothing memoises the virtualizer's functions
  // oxlint-disable-next-line react/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 41,
    overscan: 12,
    initialRect: { width: 1200, height: 440 },
  });
  const { counts } = preview;
  const toWrite = counts.created + counts.updated;
  const items = virtual.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <StepCard title="3. Anteprima">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={show}
        onChange={(_, v) => v && setShow(v)}
        aria-label="Righe mostrate"
        sx={{ flexWrap: 'wrap', mb: 1 }}
      >
        <ToggleButton value="all">Tutte ({preview.rows.length})</ToggleButton>
        <ToggleButton value="new">Da creare ({counts.created})</ToggleButton>
        <ToggleButton value="update">Da aggiornare ({counts.updated})</ToggleButton>
        <ToggleButton value="skip">Già presenti ({counts.skipped})</ToggleButton>
        <ToggleButton value="invalid">Con errori ({counts.invalid})</ToggleButton>
      </ToggleButtonGroup>
      <TableContainer
        component={Paper}
        variant="outlined"
        ref={parent}
        sx={{ maxHeight: 440 }}
        tabIndex={0}
        aria-label="Anteprima delle righe del file"
      >
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>Riga</TableCell>
              <TableCell>Esito</TableCell>
              {fields.map((f) => (
                <TableCell key={f} sx={{ whiteSpace: 'nowrap' }}>
                  {label(f)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {padTop > 0 && (
              <TableRow aria-hidden="true">
                <TableCell colSpan={fields.length + 2} sx={{ height: padTop, p: 0, border: 0 }} />
              </TableRow>
            )}
            {items.map((v) => {
              const r = rows[v.index]!;
              return (
                <TableRow key={r.line} data-line={r.line}>
                  <TableCell>{r.line}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <StatusChip
                      status={r.status}
                      labels={STATUS_TEXT}
                      colors={STATUS_COLOR}
                      filled={r.status === 'invalid'}
                    />
                    {r.existing && (
                      <Typography variant="caption" display="block">
                        {r.existing.business_name}
                      </Typography>
                    )}
                  </TableCell>
                  {fields.map((f) => {
                    const err = r.errors[f];
                    const isNew = r.creates?.includes(f);
                    return (
                      <TableCell key={f} sx={err ? ERROR_CELL : undefined}>
                        <Box
                          component="span"
                          sx={{
                            display: 'block',
                            maxWidth: 220,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                          title={r.values[f]}
                        >
                          {r.values[f] ?? ''}
                        </Box>
                        {err && (
                          <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                            {err}
                          </Typography>
                        )}
                        {isNew && (
                          <Typography
                            variant="caption"
                            component="span"
                            color="text.secondary"
                            sx={{ display: 'block' }}
                          >
                            (verrà creato)
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
            {padBottom > 0 && (
              <TableRow aria-hidden="true">
                <TableCell colSpan={fields.length + 2} sx={{ height: padBottom, p: 0, border: 0 }} />
              </TableRow>
            )}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={fields.length + 2}>Nessuna riga</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" disabled={disabled || toWrite === 0} onClick={onImport}>
          {counts.updated
            ? `Importa ${counts.created} clienti e aggiorna ${counts.updated}`
            : `Importa ${counts.created} clienti`}
        </Button>
        {counts.invalid > 0 && (
          <Button variant="outlined" startIcon={<DownloadIcon />} disabled={disabled} onClick={onDownloadInvalid}>
            Scarica righe con errori (CSV)
          </Button>
        )}
        {counts.invalid > 0 && (
          <Typography variant="body2" color="text.secondary">
            Le righe con errori non vengono importate: correggile nel CSV e importalo di nuovo.
          </Typography>
        )}
      </Box>
    </StepCard>
  );
}

function ImportsCard({
  onError,
  onDownloadInvalid,
}: {
  onError: (m: string) => void;
  onDownloadInvalid: (id: number) => void;
}) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['customerImports'], queryFn: () => dp.importList() });
  const undo = useConfirm(
    async (which: { id: number; file: string; created: number; updated: number }) => {
      await dp.importUndo(which.id);
      await queryClient.invalidateQueries({ queryKey: ['customerImports'] });
    },
    (e) => onError(errorText(e)),
  );
  const ask = undo.asked;

  return (
    <HistoryCard
      title="Importazioni"
      rows={q.data}
      loading={q.isLoading}
      loadingLabel="Caricamento delle importazioni"
      error={q.isError && 'Errore nel caricamento dati'}
      empty="Nessuna importazione."
      tableLabel="Importazioni"
      head={
        <>
          <TableCell>Data</TableCell>
          <TableCell>Utente</TableCell>
          <TableCell>File</TableCell>
          <TableCell align="right">Creati</TableCell>
          <TableCell align="right">Aggiornati</TableCell>
          <TableCell align="right">Saltati</TableCell>
          <TableCell align="right">Con errori</TableCell>
          <TableCell>Stato</TableCell>
        </>
      }
      row={(r) => (
        <TableRow key={r.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.imported_at ? displayDateTime(r.imported_at) : ''}</TableCell>
          <TableCell>{r.user_name}</TableCell>
          <TableCell>{r.file_name}</TableCell>
          <TableCell align="right">{r.created_count}</TableCell>
          <TableCell align="right">{r.updated_count}</TableCell>
          <TableCell align="right">{r.skipped_count}</TableCell>
          <TableCell align="right">{r.invalid_count}</TableCell>
          <TableCell>
            {r.status === 'undone' ? (
              <Tooltip title={`${r.undone_by ?? ''} ${r.undone_at ? displayDateTime(r.undone_at) : ''}`}>
                <Chip size="small" label="Annullata" />
              </Tooltip>
            ) : (
              <Chip size="small" color="success" variant="outlined" label="Importata" />
            )}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {r.invalid_count > 0 && (
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => onDownloadInvalid(r.id)}
                aria-label={`Scarica le righe con errori di ${r.file_name}`}
              >
                Righe con errori
              </Button>
            )}
            {r.status === 'imported' && (
              <Button
                size="small"
                color="warning"
                startIcon={<UndoIcon />}
                onClick={() =>
                  undo.ask({ id: r.id, file: r.file_name, created: r.created_count, updated: r.updated_count })
                }
                aria-label={`Annulla l'importazione di ${r.file_name}`}
              >
                Annulla
              </Button>
            )}
          </TableCell>
        </TableRow>
      )}
    >
      <ConfirmDialog
        {...undo.dialog}
        titleId="undo-title"
        text={
          <>
            Annullare l&apos;importazione di «{ask?.file}»? I {ask?.created} clienti creati andranno nel cestino
            {ask?.updated ? ` e i ${ask.updated} clienti aggiornati torneranno ai valori di prima` : ''}.
          </>
        }
        yes="Sì, annulla l'importazione"
      />
    </HistoryCard>
  );
}

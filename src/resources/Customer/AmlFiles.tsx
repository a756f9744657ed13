/**
 * The tab 'File e documenti' of the customer's AML file (issue 48 items 1 and 4): the file's
 * documents to print and export (AmlDocuments.tsx), then its files — scans, declarations, register
 * extracts — each with its kind, size, SHA-256 fingerprint, who uploaded it and when, to download;
 * 'Aggiungi file' adds one (PDF, JPEG or PNG up to 10 MB, checked here before sending; the server
 * reads the content). Append-only: a file of the AML file is kept ten years from the end of the
 * relationship (Regola Tecnica n. 3), so there is no delete.
 */
import { useId, useState } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { displayDateTime } from '../../../model/dates';
import { AML_FILE_KINDS } from '../../../model/amlOptions';
import type { AmlFile } from '../../../model/api/aml';
import { useAppDataProvider } from '../../dataProvider';
import {
  FilePickButton,
  optionText,
  sizeText,
  TableOrCards,
  uploadProblem,
  useAmlFileDownload,
  useAmlSend,
  AmlDialog,
  useSavedThenClose,
  OptionSelect,
} from './AmlParts';
import { AmlDocuments } from './AmlDocuments';

type Kind = AmlFile['kind'];

export function AmlFilesPanel({ customerId, files }: { customerId: string | number; files: AmlFile[] }) {
  const [open, setOpen] = useState(false);
  const { download, busy } = useAmlFileDownload(customerId);
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
        Documenti del fascicolo
      </Typography>
      <Box sx={{ mb: 3 }}>
        <AmlDocuments customerId={customerId} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 500 }}>
          File del fascicolo
        </Typography>
        <Button type="button" size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
          Aggiungi file
        </Button>
      </Stack>
      <Typography variant="caption" display="block" color="text.secondary" sx={{ mb: 1 }}>
        I file del fascicolo non si eliminano: si conservano per dieci anni dalla fine del rapporto
      </Typography>
      {files.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nessun file nel fascicolo.
        </Typography>
      ) : (
        <TableOrCards
          label="File del fascicolo"
          rows={files}
          rowKey={(f) => f.id}
          columns={[
            { head: 'Nome', cell: (f) => f.original_filename, minWidth: 160 },
            { head: 'Tipo', cell: (f) => optionText(AML_FILE_KINDS, f.kind), minWidth: 120 },
            { head: 'Descrizione', cell: (f) => f.description ?? '—', minWidth: 140 },
            { head: 'Dimensione', cell: (f) => sizeText(f.size), align: 'right', nowrap: true },
            {
              head: 'SHA-256',
              cell: (f) => (
                <Tooltip title={f.sha256} describeChild>
                  <Box
                    component="span"
                    tabIndex={0}
                    sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}
                  >
                    {f.sha256.slice(0, 12)}…
                  </Box>
                </Tooltip>
              ),
            },
            { head: 'Caricato da', cell: (f) => f.created_by_name, minWidth: 110 },
            { head: 'Caricato il', cell: (f) => displayDateTime(f.created_at), nowrap: true },
            {
              head: 'Scarica',
              action: true,
              cell: (f) => (
                <IconButton
                  type="button"
                  size="small"
                  aria-label={`Scarica ${f.original_filename}`}
                  disabled={busy === f.id}
                  onClick={() => void download(f.id)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              ),
            },
          ]}
        />
      )}
      {open && <UploadDialog customerId={customerId} onClose={() => setOpen(false)} />}
    </>
  );
}

type UploadErrors = Partial<Record<'kind' | 'description' | 'file', string[]>>;

/** 'Aggiungi file': what it is, a description, the file. */
function UploadDialog({ customerId, onClose }: { customerId: string | number; onClose: () => void }) {
  const saved = useSavedThenClose(customerId, onClose);
  const dp = useAppDataProvider();
  const uid = useId();
  const [kind, setKind] = useState<Kind | ''>('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const { errors, setErrors, problem, setProblem, busy, refuse, send } = useAmlSend<UploadErrors>();

  const submit = async () => {
    setProblem(null);
    const found: UploadErrors = {};
    if (!kind) found.kind = ['Indica che cosa è il file'];
    if (!file) found.file = ['Scegli il file da aggiungere al fascicolo'];
    else {
      const bad = uploadProblem(file);
      if (bad) found.file = [bad];
    }
    if (Object.keys(found).length) return refuse(found);
    await send(
      () => dp.uploadAmlFile(customerId, file!, kind as Kind, description.trim() || undefined),
      'File aggiunto al fascicolo',
      saved,
    );
  };

  return (
    <AmlDialog
      title="Aggiungi file al fascicolo"
      busy={busy}
      busyLabel="Caricamento del file"
      submitLabel="Carica"
      problem={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <OptionSelect
          id={`${uid}-kind`}
          label="Tipo di file"
          value={kind}
          options={AML_FILE_KINDS}
          errors={errors.kind}
          disabled={busy}
          onChange={(v) => {
            setKind(v);
            setErrors((x) => ({ ...x, kind: undefined }));
          }}
        />
        <TextField
          id={`${uid}-description`}
          label="Descrizione"
          size="small"
          fullWidth
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={busy}
          error={!!errors.description}
          helperText={
            errors.description?.join(' ') ?? 'Facoltativa: per esempio, “Carta d’identità del legale rappresentante”'
          }
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Box>
          <FilePickButton
            inputLabel="File da aggiungere al fascicolo"
            icon={<UploadFileIcon />}
            disabled={busy}
            sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}
            onPick={(chosen) => {
              const bad = uploadProblem(chosen);
              setFile(chosen);
              setProblem(null);
              setErrors((x) => ({ ...x, file: bad ? [bad] : undefined }));
            }}
          >
            {file ? file.name : 'Scegli il file'}
          </FilePickButton>
          <FormHelperText error={!!errors.file} sx={{ mx: 0 }}>
            {errors.file?.join(' ') ?? (file ? sizeText(file.size) : 'PDF, JPEG o PNG, fino a 10 MB')}
          </FormHelperText>
        </Box>
      </Stack>
    </AmlDialog>
  );
}

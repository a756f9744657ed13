/**
 * The AML file's documents on the customer's card (issue 48 item 4): the customer's declaration
 * (art. 22 D.Lgs. 231/2007) in PDF and Word, the whole file as one PDF and its export for an
 * inspection (zip), each downloaded with the session through the data provider and saved under the
 * name the server gives. Every button is type="button": inside the customer's form, none submits it.
 */
import { useState, type ReactNode } from 'react';
import { Button, Stack, Tooltip } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import { useNotify } from 'react-admin';
import { saveAs } from 'file-saver';
import { useAppDataProvider } from '../../dataProvider';
import { failureText } from '../../bulk/texts';

/** The documents of GET /api/customer/{id}/aml/{document}. */
export type AmlDocumentName = 'declaration.pdf' | 'declaration.docx' | 'file.pdf' | 'export.zip';

/** The buttons, in their order: the document, the label, the tooltip, the icon. */
export const AML_DOCUMENTS: Array<{ document: AmlDocumentName; label: string; hint: string; icon: ReactNode }> = [
  {
    document: 'declaration.pdf',
    label: 'Dichiarazione (PDF)',
    hint: 'La dichiarazione del cliente ai fini dell’adeguata verifica (art. 22), da far firmare; senza identificazione, il modulo da compilare a mano',
    icon: <PictureAsPdfIcon />,
  },
  {
    document: 'declaration.docx',
    label: 'Dichiarazione (Word)',
    hint: 'La stessa dichiarazione come documento Word, da modificare',
    icon: <DescriptionIcon />,
  },
  {
    document: 'file.pdf',
    label: 'Fascicolo (PDF)',
    hint: 'Tutto il fascicolo: identificazione e versioni, documenti, titolari effettivi, valutazioni del rischio, file',
    icon: <PictureAsPdfIcon />,
  },
  {
    document: 'export.zip',
    label: 'Esporta fascicolo (zip)',
    hint: 'Per un’ispezione: il fascicolo e la dichiarazione in PDF, tutti gli allegati e il loro indice con lo SHA-256',
    icon: <FolderZipIcon />,
  },
];

export function AmlDocuments({ customerId }: { customerId: number | string }) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState<AmlDocumentName | null>(null);

  const download = async (document: AmlDocumentName) => {
    setBusy(document);
    try {
      const { blob, filename } = await dp.downloadAmlDocument(customerId, document);
      saveAs(blob, filename);
    } catch (e) {
      notify(`Documento non disponibile: ${failureText(e)}`, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      role="group"
      aria-label="Documenti del fascicolo"
    >
      {AML_DOCUMENTS.map((d) => (
        <Tooltip key={d.document} title={d.hint}>
          <span>
            <Button
              type="button"
              size="small"
              variant="outlined"
              startIcon={d.icon}
              disabled={busy !== null}
              onClick={() => void download(d.document)}
            >
              {d.label}
            </Button>
          </span>
        </Tooltip>
      ))}
    </Stack>
  );
}

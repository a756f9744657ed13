/**
 * The tags a Word template may use, each with its meaning (C74), grouped, with a button that
 * copies the tag to paste it in Word. Shown on the template's form.
 */
import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../dataProvider';

export function ReplaceKeys() {
  const dp = useAppDataProvider();
  const keys = useQuery({
    queryKey: ['wordTemplateKeys'],
    queryFn: ({ signal }) => dp.wordTemplateKeys({ signal }),
    staleTime: Infinity,
  });
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (tag: string) => {
    try {
      await navigator.clipboard.writeText(tag);
      setCopied(tag);
    } catch {
      setCopied(null);
    }
  };
  const groups = [...new Set((keys.data ?? []).map((k) => k.group))];
  return (
    <Accordion sx={{ mt: 2, width: '100%' }} disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="replace-keys" id="replace-keys-header">
        <Typography variant="subtitle1">Campi disponibili nel modello</Typography>
      </AccordionSummary>
      <AccordionDetails id="replace-keys">
        <Typography variant="body2" sx={{ mb: 1 }}>
          Scrivi nel documento Word il campo tra parentesi graffe, per esempio{' '}
          <code>{'{cliente_ragione_sociale}'}</code>: al download viene sostituito con il dato del cliente o dello
          studio. Un dato mancante lascia il campo vuoto.
        </Typography>
        {keys.isError && <Alert severity="error">Errore di caricamento...</Alert>}
        {groups.map((g) => (
          <Table key={g} size="small" sx={{ mb: 2 }} aria-label={`Campi: ${g}`}>
            <TableHead>
              <TableRow>
                <TableCell colSpan={3}>
                  <strong>{g}</strong>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys
                .data!.filter((k) => k.group === g)
                .map((k) => (
                  <TableRow key={k.key}>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', width: '40%' }}>{k.tag}</TableCell>
                    <TableCell>{k.description}</TableCell>
                    <TableCell padding="checkbox">
                      <Tooltip title={copied === k.tag ? 'Copiato' : 'Copia'}>
                        <IconButton size="small" aria-label={`Copia ${k.tag}`} onClick={() => copy(k.tag)}>
                          {copied === k.tag ? (
                            <CheckIcon fontSize="small" color="success" />
                          ) : (
                            <ContentCopyIcon fontSize="small" />
                          )}
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * What quick find's dialog (QuickFindDialog, loaded when first opened) is handed by the app bar's
 * button (QuickFind): the MUI parts it shows, the search call and the navigation. Each is already
 * in the first load; the dialog's chunk imports nothing but React (see QuickFind.tsx).
 */
import {
  Autocomplete,
  Box,
  Fade,
  IconButton,
  InputAdornment,
  ListSubheader,
  Modal,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import BusinessIcon from '@mui/icons-material/Business';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { QuickFindHit } from '../../dataProvider';

export const PARTS = {
  Autocomplete,
  Box,
  Fade,
  IconButton,
  InputAdornment,
  ListSubheader,
  Modal,
  Paper,
  TextField,
  Typography,
  SearchIcon,
  CloseIcon,
  visuallyHidden,
  kindIcons: { customer: BusinessIcon, legal_representative: PersonIcon, einvoice: ReceiptLongIcon },
};
/** What the dialog is given: MUI parts, the search call, the navigation. */
export type QuickFindKit = typeof PARTS & {
  find: (q: string, signal: AbortSignal) => Promise<QuickFindHit[]>;
  go: (path: string) => void;
};

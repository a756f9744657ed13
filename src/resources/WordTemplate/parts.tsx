/** Word templates: their menu icon (the screens are Edit.tsx and Create.tsx). */
import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceParts } from '../parts';

const parts: ResourceParts = { icon: DescriptionIcon };
export default parts;

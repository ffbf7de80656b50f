import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type ImportField, type ImportMapping, importFieldLabelKey } from '@bpw/domain/import-fields';
import type { ImportPreview } from '@bpw/domain/schemas/import';
import { useTranslation } from 'react-i18next';

const outcomeColor = { created: 'success', updated: 'info', unchanged: 'default', refused: 'error' } as const;

/** Issue 16, step 3: the first rows exactly as they will be stored, each with what will happen and why. */
export function PreviewTable({ preview, mapping }: { preview: ImportPreview; mapping: ImportMapping }) {
  const { t } = useTranslation();
  const fields = Object.values(mapping) as ImportField[];
  return (
    // A wide table scrolls in its own region, which the keyboard can reach (axe scrollable-region-focusable).
    <TableContainer tabIndex={0} role="region" aria-label={t('imports.previewTable')} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('imports.previewTable')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('imports.row')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('imports.outcome')}
            </TableCell>
            {fields.map((field) => (
              <TableCell key={field} component="th" scope="col">
                {t(importFieldLabelKey(field))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.items.map((row) => (
            <TableRow key={row.rowNumber}>
              <TableCell>{row.rowNumber}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={outcomeColor[row.outcome]}
                  label={t(`import.outcome.${row.outcome}`)}
                />
                {row.reasons.length > 0 ? <div>{row.reasons.join(' ')}</div> : null}
              </TableCell>
              {fields.map((field) => (
                <TableCell key={field}>{row.values[field] ?? ''}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

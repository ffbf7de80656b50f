import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type ImportField, type ImportMapping, importFieldLabelKey, importFields } from '@bpw/domain/import-fields';
import { useTranslation } from 'react-i18next';

/** Issue 16, step 2: one field per column, proposed from the header names; "do not import" leaves it out. */
export function MappingTable({
  headers,
  mapping,
  onChange,
  twice,
}: {
  headers: readonly string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  twice: ImportField | null;
}) {
  const { t } = useTranslation();
  const choose = (index: number, value: string) => {
    const next = { ...mapping };
    if (value === '') delete next[String(index)];
    else next[String(index)] = value as ImportField;
    onChange(next);
  };
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('imports.mappingTable')}>
      <Table size="small" aria-label={t('imports.mappingTable')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('imports.column')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('imports.field')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {headers.map((header, index) => {
            const value = mapping[String(index)] ?? '';
            const label = header || t('imports.unnamedColumn', { number: index + 1 });
            return (
              <TableRow key={index}>
                <TableCell>{label}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={t('imports.fieldFor', { column: label })}
                    value={value}
                    error={value !== '' && value === twice}
                    onChange={(event) => choose(index, event.target.value)}
                  >
                    <MenuItem value="">{t('import.ignore')}</MenuItem>
                    {importFields.map((field) => (
                      <MenuItem key={field} value={field}>
                        {t(importFieldLabelKey(field))}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

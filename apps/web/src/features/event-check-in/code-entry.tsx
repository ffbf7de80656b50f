import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The ticket's code typed in (printed under the QR code) when the camera cannot read it. */
export function CodeEntry({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        onCode(code);
        setCode('');
      }}
    >
      <TextField
        label={t('eventCheckIn.code.label')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        size="small"
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'off', spellCheck: false } }}
      />
      <Button type="submit" variant="outlined" disabled={!code.trim()}>
        {t('eventCheckIn.code.submit')}
      </Button>
    </Stack>
  );
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useClubOptions } from '../../components/club-options';

/** The club an association application joins (issue 25): every club, by name. */
export function ClubOptionsSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (clubId: string | null) => void;
}) {
  const { options } = useClubOptions();
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      required
      fullWidth
    >
      {options.map((club) => (
        <MenuItem key={club.id} value={club.id}>
          {club.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

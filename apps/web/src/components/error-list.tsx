import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** The server's messages for a failed form, as a list in an error box (spec 01 §8). */
export function ErrorList({ title, errors }: { title?: string | undefined; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error">
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

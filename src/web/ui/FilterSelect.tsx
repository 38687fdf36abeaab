import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The value of an "all" choice in the filter selects. */
export const ALL = '';

export interface FilterSelectProps {
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

/** A list screen's filter: "All …" and the options, the value as text (ALL for all). */
export function FilterSelect({ label, value, allLabel, options, onChange }: FilterSelectProps) {
  // A filter in the URL that the list does not (yet) offer, e.g. before the providers load.
  const known = value === ALL || options.some((option) => option.value === value);
  const shown = known ? options : [...options, { value, label: `#${value}` }];
  return (
    <TextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      // "All …" is a choice like the others: shown, with the label above it.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={ALL}>{allLabel}</MenuItem>
      {shown.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

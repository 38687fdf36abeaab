import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { customPeriodError, PERIOD_PRESET_DAYS, type PeriodChoice, type PeriodRange } from './reportPeriod.js';

interface PeriodPickerProps {
  value: PeriodChoice;
  /** The dates `value` stands for today; custom dates start from them. */
  range: PeriodRange;
  onChange: (choice: PeriodChoice) => void;
}

const CUSTOM = 'custom';

/**
 * The period of a report screen: the last 7, 30 or 90 days, or custom dates applied together (so
 * the screen does not reload between the two). Hidden when printing (`data-print-hide`): the
 * printed report states its period in words.
 */
export function PeriodPicker({ value, range, onChange }: PeriodPickerProps) {
  const [editingCustom, setEditingCustom] = useState(value.kind === 'custom');
  const [start, setStart] = useState(range.start_date);
  const [end, setEnd] = useState(range.end_date);
  const [error, setError] = useState<string | null>(null);
  const selected = editingCustom ? CUSTOM : value.kind === 'preset' ? String(value.days) : CUSTOM;

  const choose = (next: string) => {
    if (next === CUSTOM) {
      setStart(range.start_date);
      setEnd(range.end_date);
      setError(null);
      setEditingCustom(true);
      return;
    }
    setEditingCustom(false);
    const days = PERIOD_PRESET_DAYS.find((d) => String(d) === next);
    if (days) onChange({ kind: 'preset', days });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = customPeriodError(start, end);
    setError(problem);
    if (problem === null) onChange({ kind: 'custom', start, end });
  };

  return (
    <Stack direction="row" data-print-hide useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}>
      {/* Buttons rather than a ToggleButtonGroup: that one brings react-is, which would reshape the chunks the public pages share. */}
      <ButtonGroup size="small" role="group" aria-label="Period" sx={{ height: 40 }}>
        {[...PERIOD_PRESET_DAYS.map((days) => ({ value: String(days), label: `Last ${days} days` })), { value: CUSTOM, label: 'Custom' }].map(
          ({ value, label }) => (
            <Button
              key={value}
              variant={selected === value ? 'contained' : 'outlined'}
              aria-pressed={selected === value}
              onClick={() => choose(value)}
              disableElevation
              sx={{ px: 1.5 }}
            >
              {label}
            </Button>
          ),
        )}
      </ButtonGroup>
      {editingCustom && (
        <Stack
          component="form"
          noValidate
          onSubmit={apply}
          direction="row"
          aria-label="Custom period"
          useFlexGap
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            type="date"
            label="Start date"
            size="small"
            margin="none"
            fullWidth={false}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            error={error !== null}
            helperText={error ?? undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: end || undefined } }}
          />
          <TextField
            type="date"
            label="End date"
            size="small"
            margin="none"
            fullWidth={false}
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            error={error !== null}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || undefined } }}
          />
          <Button type="submit" variant="outlined" sx={{ height: 40 }}>
            Apply
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

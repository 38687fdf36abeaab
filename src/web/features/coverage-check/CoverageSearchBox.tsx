import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useMemo, useState } from 'react';
import type { AddressSuggestion } from '../../../common/api/geocode.js';
import { parseCoordinates } from '../../../common/coordinates.js';
import type { LatLng } from '../../map/mapTypes.js';
import { geocodeAddress } from './coverageApi.js';
import { useAddressSuggestions } from './coverageCheckQueries.js';
import { failureMessage } from './failureMessage.js';
import { MESSAGES, MIN_SUGGESTION_CHARS } from './messages.js';
import { useDebouncedValue } from './useDebouncedValue.js';

/** The accessible name of the search box. */
export const SEARCH_BOX_LABEL = 'Search address or coordinates';

/** A place the visitor chose: where it is, and its address (null for typed coordinates). */
export interface ChosenPlace {
  point: LatLng;
  address: string | null;
}

interface SearchOption extends AddressSuggestion {
  /** Typed coordinates, offered as the only option while they are what the box holds. */
  coordinates?: boolean;
}

interface CoverageSearchBoxProps {
  /** 200 ms on the public map, 150 ms in the embed. */
  debounceMs: number;
  onPlace: (place: ChosenPlace) => void;
}

export function formatPoint(point: LatLng): string {
  return `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;
}

/**
 * The floating search box: address suggestions from 2
 * characters, debounced; typed coordinates (decimal or degrees-minutes-seconds) recognised and
 * range-checked here without any server call; Enter geocodes text no suggestion was chosen for.
 */
export function CoverageSearchBox({ debounceMs, onPlace }: CoverageSearchBoxProps) {
  const [typed, setTyped] = useState('');
  const [inputValue, setInputValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [geocoding, setGeocoding] = useState(false);
  const helperId = useId();

  const parsed = useMemo(() => parseCoordinates(typed), [typed]);
  const term = parsed.kind === 'text' && typed.trim().length >= MIN_SUGGESTION_CHARS ? typed.trim() : '';
  const settledTerm = useDebouncedValue(term, debounceMs);
  // The "invalid coordinates" note waits for a pause in typing too, so it does not flash mid-entry.
  const settledParse = useDebouncedValue(parsed, debounceMs);

  const suggestions = useAddressSuggestions(settledTerm);

  const options: SearchOption[] = useMemo(() => {
    if (parsed.kind === 'coordinates') return [{ ...parsed.point, label: formatPoint(parsed.point), coordinates: true }];
    if (term === '') return [];
    return suggestions.data ?? [];
  }, [parsed, term, suggestions.data]);

  const helperText =
    message ??
    (settledParse.kind === 'invalid' && parsed.kind === 'invalid' ? settledParse.message : null) ??
    (suggestions.isError && term !== '' ? failureMessage(suggestions.error, MESSAGES.addressSearchUnavailable) : null);

  const choose = (option: SearchOption) => {
    setMessage(null);
    onPlace({ point: { lat: option.lat, lng: option.lng }, address: option.coordinates ? null : option.label });
  };

  const submitText = async (text: string) => {
    const query = text.trim();
    if (!query) return;
    const typedCoordinates = parseCoordinates(query);
    if (typedCoordinates.kind === 'coordinates') {
      choose({ ...typedCoordinates.point, label: query, coordinates: true });
      return;
    }
    if (typedCoordinates.kind === 'invalid') {
      setMessage(typedCoordinates.message);
      return;
    }
    const known = options.find((option) => option.label.toLowerCase() === query.toLowerCase());
    if (known) {
      choose(known);
      return;
    }
    setGeocoding(true);
    setMessage(null);
    try {
      const place = await geocodeAddress(query);
      choose(place);
    } catch (error) {
      setMessage(failureMessage(error, MESSAGES.searchFailed));
    } finally {
      setGeocoding(false);
    }
  };

  const busy = geocoding || (suggestions.isFetching && term !== '');

  return (
    <Autocomplete<SearchOption, false, false, true>
      freeSolo
      fullWidth
      options={options}
      // Always empty: with freeSolo the typed text stays in the box, and Enter or a choice fires
      // onChange every time, even for the same text again.
      value={null}
      inputValue={inputValue}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) => (typeof option === 'string' ? option : `${option.label}|${option.lat}|${option.lng}`)}
      loading={suggestions.isFetching}
      loadingText="Searching..."
      noOptionsText="No matching addresses"
      onInputChange={(_event, value, reason) => {
        setInputValue(value);
        if (reason === 'input' || reason === 'clear') {
          setTyped(value);
          setMessage(null);
        }
      }}
      onChange={(_event, next) => {
        if (next === null) return;
        if (typeof next === 'string') void submitText(next);
        else choose(next);
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <PlaceOutlined fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} aria-hidden />
          {option.coordinates ? `Coordinates ${option.label}` : option.label}
        </li>
      )}
      renderInput={(params) => (
        // OutlinedInput rather than TextField: TextField brings Select, Menu and Popover into the
        // map's first download, none of which the search box uses.
        <FormControl fullWidth size="small" error={helperText !== null} disabled={params.disabled}>
          <OutlinedInput
            id={params.id}
            ref={params.slotProps.input.ref}
            className={params.slotProps.input.className}
            onMouseDown={params.slotProps.input.onMouseDown}
            placeholder="Search address or coordinates"
            inputProps={{
              ...params.slotProps.htmlInput,
              'aria-label': SEARCH_BOX_LABEL,
              'aria-describedby': helperText ? helperId : undefined,
              enterKeyHint: 'search',
            }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            }
            endAdornment={
              <>
                {busy && <CircularProgress size={18} aria-label="Searching" />}
                {params.slotProps.input.endAdornment}
              </>
            }
          />
          {helperText && (
            <FormHelperText id={helperId} role="alert">
              {helperText}
            </FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}

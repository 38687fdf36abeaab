import { memo, useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { AddressSuggestion } from '../../../common/api/geocode.js';
import { parseCoordinates } from '../../../common/coordinates.js';
import type { LatLng } from '../../map/mapTypes.js';
import { PlainIcon, PlainSpinner } from '../../ui/plainIcons.js';
import { nextActiveOption } from './activeOption.js';
import { geocodeAddress } from './coverageApi.js';
import { failureMessage } from './failureMessage.js';
import { MESSAGES, MIN_SUGGESTION_CHARS } from './messages.js';
import { useAddressSuggestions } from './useAddressSuggestions.js';
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

const optionKey = (option: SearchOption) => `${option.label}|${option.lat}|${option.lng}`;

/**
 * The floating search box: address suggestions from 2 characters, debounced; typed coordinates
 * (decimal or degrees-minutes-seconds) recognised and range-checked here without any server call;
 * Enter geocodes text no suggestion was chosen for. A combobox as the WAI-ARIA pattern has it
 * (arrow keys move through the suggestions, Enter takes one, Escape closes them), in plain markup
 * so the public pages load without MUI. Memoised: the map around it re-renders as the page starts.
 */
export const CoverageSearchBox = memo(function CoverageSearchBox({ debounceMs, onPlace }: CoverageSearchBoxProps) {
  const [typed, setTyped] = useState('');
  const [inputValue, setInputValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [geocoding, setGeocoding] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const helperId = useId();
  const listId = useId();

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
    (suggestions.error !== undefined && term !== '' ? failureMessage(suggestions.error, MESSAGES.addressSearchUnavailable) : null);

  const loading = suggestions.isFetching && term !== '';
  const listShown = open && (options.length > 0 || loading);
  const activeIndex = listShown && active < options.length ? active : -1;

  const choose = (option: SearchOption) => {
    setMessage(null);
    setOpen(false);
    setInputValue(option.label);
    onPlace({ point: { lat: option.lat, lng: option.lng }, address: option.coordinates ? null : option.label });
  };

  const submitText = async (text: string) => {
    const query = text.trim();
    if (!query) return;
    setOpen(false);
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
      choose(await geocodeAddress(query));
    } catch (error) {
      setMessage(failureMessage(error, MESSAGES.searchFailed));
    } finally {
      setGeocoding(false);
    }
  };

  const edit = (value: string) => {
    setInputValue(value);
    setTyped(value);
    setMessage(null);
    setActive(-1);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(nextActiveOption(activeIndex, event.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = activeIndex >= 0 ? options[activeIndex] : undefined;
      if (chosen) choose(chosen);
      else void submitText(inputValue);
    } else if (event.key === 'Escape' && listShown) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const busy = geocoding || loading;

  return (
    <div className="plain-search">
      <div className={`plain-search-field${helperText ? ' plain-search-error' : ''}`}>
        <PlainIcon name="search" className="plain-search-icon" />
        <input
          type="text"
          role="combobox"
          aria-label={SEARCH_BOX_LABEL}
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={helperText ? helperId : undefined}
          aria-invalid={helperText ? true : undefined}
          placeholder={SEARCH_BOX_LABEL}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={inputValue}
          onChange={(event) => edit(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        {busy && <PlainSpinner label="Searching" size={18} />}
        {inputValue !== '' && (
          <button type="button" className="plain-icon-button plain-small" aria-label="Clear" onClick={() => edit('')}>
            <PlainIcon name="close" size={18} />
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label="Suggestions" className="plain-paper plain-search-list" hidden={!listShown}>
        {options.length === 0 && loading ? (
          <li className="plain-search-note" role="presentation">
            Searching...
          </li>
        ) : (
          options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="plain-search-option"
              // Keeps the focus in the box, so the click below still finds the list open.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(option)}
            >
              <PlainIcon name="placeOutlined" size={20} className="plain-search-option-icon" />
              {option.coordinates ? `Coordinates ${option.label}` : option.label}
            </li>
          ))
        )}
      </ul>
      {helperText && (
        <p id={helperId} role="alert" className="plain-search-helper">
          {helperText}
        </p>
      )}
    </div>
  );
});

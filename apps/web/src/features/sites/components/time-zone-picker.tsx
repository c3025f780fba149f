import './sites.css';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useServerTimeZone } from '../../../lib/server-time-zone';
import { zoneChoiceLabel } from '../../../lib/time-zones';
import { SITE_MESSAGES } from '../messages';
import { filterZoneChoices, timeZoneChoices, type ZoneChoice } from '../utils/time-zone-choices';

interface TimeZonePickerProps {
  id: string;
  /** An IANA zone, or '' for the server's own. */
  value: string;
  /** The site's stored zone, kept among the choices even if the browser does not list it. */
  stored: string;
  describedBy: string;
  onChange: (zone: string) => void;
}

/** The server's zone, chosen by leaving the site without one. */
const DEFAULT: ZoneChoice = { zone: '', label: SITE_MESSAGES.defaultZone, first: true, words: '' };

/**
 * The site form's zone: a combobox (ARIA 1.2, list autocomplete) over the 400-odd IANA zones, searched by
 * city, country or name as one types ("bogo", "mexico", "canarias"), the server's zone and the common
 * Spanish-speaking ones first. Arrows move through the list, Enter takes one, Escape closes it and keeps the
 * zone as it was; leaving the field without choosing keeps it too.
 */
export function TimeZonePicker({ id, value, stored, describedBy, onChange }: TimeZonePickerProps) {
  const listId = useId();
  const serverZone = useServerTimeZone();
  const choices = useMemo(() => timeZoneChoices(stored, serverZone), [stored, serverZone]);
  const defaultChoice = useMemo(
    () => (serverZone ? { ...DEFAULT, label: SITE_MESSAGES.defaultZoneOf(zoneChoiceLabel(serverZone)) } : DEFAULT),
    [serverZone],
  );
  const labelOf = (zone: string) =>
    zone === '' ? defaultChoice.label : (choices.find((choice) => choice.zone === zone)?.label ?? zone);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const open = query !== null;
  const shown = useMemo(
    () => (query ? filterZoneChoices(choices, query) : [defaultChoice, ...choices]),
    [choices, query, defaultChoice],
  );

  function show(text: string) {
    setQuery(text);
    setActive(0);
  }

  function choose(choice: ZoneChoice) {
    onChange(choice.zone);
    setQuery(null);
  }

  function move(step: number) {
    if (!open) {
      show('');
      return;
    }
    const next = Math.max(0, Math.min(shown.length - 1, active + step));
    setActive(next);
    list.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'PageDown') move(10);
    else if (event.key === 'PageUp') move(-10);
    else if (event.key === 'Enter' && open) {
      const choice = shown[active];
      if (choice) choose(choice);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the dialog around it.
      event.stopPropagation();
      setQuery(null);
    } else return;
    event.preventDefault();
  }

  const activeId = open && shown[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="zone-picker">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={SITE_MESSAGES.zoneSearch}
        value={open ? query : labelOf(value)}
        onChange={(event) => show(event.target.value)}
        onFocus={(event) => event.target.select()}
        onClick={() => !open && show('')}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        ref={list}
        role="listbox"
        className="zone-picker__list"
        hidden={!open || shown.length === 0}
        aria-label={SITE_MESSAGES.zones}
      >
        {open
          ? shown.map((choice, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (aria-activedescendant), as ARIA's pattern has it; the click is the pointer's way.
              <div
                key={choice.zone || 'default'}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={choice.zone === value}
                className={`zone-picker__option${index === active ? ' zone-picker__option--active' : ''}${
                  !choice.first && shown[index - 1]?.first ? ' zone-picker__option--rest' : ''
                }`}
                // Keeps the focus in the field, so the blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
              >
                {choice.label}
              </div>
            ))
          : null}
      </div>
      {open && shown.length === 0 ? (
        <p className="zone-picker__none" role="status">
          {SITE_MESSAGES.noZone}
        </p>
      ) : null}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field';
import { FilterButtons } from '../../../components/filter-buttons';
import { OptionsSelect } from '../../../components/options-select';
import { EVENT_TYPE_OPTIONS, eventName } from '../../../lib/event-names';
import type { Brand } from '../compliance-api';
import { isoToLocal, localToIso } from '../ui/as-of';

export type EventFilterKey = 'actorId' | 'ip' | 'type' | 'stream' | 'from' | 'to' | 'tenantId';
export type EventFilterValues = Partial<Record<EventFilterKey, string>>;

const FIELDS: Record<EventFilterKey, { label: string; placeholder?: string; time?: boolean }> = {
  actorId: { label: 'Actor id', placeholder: 'user id' },
  ip: { label: 'IP', placeholder: '203.0.113.7' },
  type: { label: 'Event' },
  stream: { label: 'Stream', placeholder: 'order-<uuid>' },
  from: { label: 'From', time: true },
  to: { label: 'To', time: true },
  tenantId: { label: 'Brand' },
};

type Choice = { value: string; label: string };

/** The choices of a filter picked from a list (events by name, brands by name); null for a typed one. The value in force stays offered. */
function choicesFor(key: EventFilterKey, brands: readonly Brand[], current: string): Choice[] | null {
  const listed: Choice[] | null =
    key === 'type'
      ? [{ value: '', label: 'Every event' }, ...EVENT_TYPE_OPTIONS]
      : key === 'tenantId'
        ? [{ value: '', label: 'Every brand' }, ...brands.map((b) => ({ value: b._id, label: b.name }))]
        : null;
  if (!listed || !current || listed.some((c) => c.value === current)) return listed;
  return [...listed, { value: current, label: key === 'type' ? eventName(current) : current }];
}

interface EventFiltersProps {
  /** Which filters this log offers, in order. */
  keys: readonly EventFilterKey[];
  /** The filters in force; from and to as ISO instants. */
  values: EventFilterValues;
  label: string;
  /** The brands the Brand filter offers, by name. */
  brands?: readonly Brand[];
  onApply: (values: EventFilterValues) => void;
}

/** A draft of the log's filters, applied with Search; times are picked in the browser's zone and sent as ISO. */
export function EventFilters({ keys, values, label, brands = [], onApply }: EventFiltersProps) {
  const initial = Object.fromEntries(keys.map((k) => [k, FIELDS[k].time ? isoToLocal(values[k]) : (values[k] ?? '')]));
  const [draft, setDraft] = useState<Record<string, string>>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(keys.map((k) => [k, FIELDS[k].time ? localToIso(draft[k] ?? '') : (draft[k] ?? '').trim()])));
  };
  return (
    <form className="card compliance-filters" onSubmit={submit} aria-label={label}>
      {keys.map((k) => {
        const choices = choicesFor(k, brands, draft[k] ?? '');
        const set = (value: string) => setDraft((d) => ({ ...d, [k]: value }));
        return (
          <Field key={k} label={FIELDS[k].label}>
            {choices ? (
              <OptionsSelect value={draft[k] ?? ''} options={choices} onChange={set} />
            ) : (
              <input
                type={FIELDS[k].time ? 'datetime-local' : 'text'}
                step={FIELDS[k].time ? 1 : undefined}
                value={draft[k] ?? ''}
                placeholder={FIELDS[k].placeholder}
                onChange={(e) => set(e.target.value)}
              />
            )}
          </Field>
        );
      })}
      <FilterButtons
        applyLabel="Search"
        className="compliance-filter-buttons"
        onClear={() => {
          setDraft(Object.fromEntries(keys.map((k) => [k, ''])));
          onApply({});
        }}
      />
    </form>
  );
}

import { useRef, type KeyboardEvent } from 'react';

interface TabListProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  /** The id of a tab, and of the panel it controls (the caller renders the panel with these ids). */
  tabId: (key: K) => string;
  panelId: (key: K) => string;
  /**
   * The arrow keys: `wrap` goes round past either end (two tabs: either arrow switches); `ends`
   * stops at the ends, and Home and End go to them.
   */
  keys: 'wrap' | 'ends';
  tabClassName?: (selected: boolean) => string;
}

/**
 * A row of tabs in the WAI-ARIA pattern: only the selected tab is in the Tab order, the arrow keys
 * move between tabs (selecting and focusing), each tab names the panel it controls.
 */
export function TabList<K extends string>({ label, tabs, selected, onSelect, tabId, panelId, keys, tabClassName }: TabListProps<K>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.key === selected);
    const next = keys === 'wrap' ? wrapped(event.key, at, tabs.length) : toEnds(event, at, tabs.length);
    if (next === undefined) return;
    onSelect(tabs[next]!.key);
    buttons.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(tab.key)}
          aria-selected={selected === tab.key}
          aria-controls={panelId(tab.key)}
          tabIndex={selected === tab.key ? 0 : -1}
          className={tabClassName?.(selected === tab.key)}
          onClick={() => onSelect(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function wrapped(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at + count - 1) % count;
  return undefined;
}

function toEnds(event: KeyboardEvent, at: number, count: number): number | undefined {
  const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -count, End: count };
  const move = moves[event.key];
  if (move === undefined) return undefined;
  event.preventDefault();
  return Math.max(0, Math.min(count - 1, at + move));
}

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabList } from './tab-list';

afterEach(cleanup);

const TABS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three' },
] as const;
type Key = (typeof TABS)[number]['key'];

function Harness({ keys }: { keys: 'wrap' | 'ends' }) {
  const [selected, setSelected] = useState<Key>('one');
  return (
    <>
      <TabList label="Numbers" tabs={TABS} selected={selected} onSelect={setSelected} tabId={(k) => `tab-${k}`} panelId={(k) => `panel-${k}`} keys={keys} />
      <div role="tabpanel" id={`panel-${selected}`} aria-labelledby={`tab-${selected}`}>
        {selected}
      </div>
    </>
  );
}

/** The selected tab's name, after checking it is also the focused one and the only one in the Tab order. */
function selectedTab() {
  const tabs = screen.getAllByRole('tab');
  const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
  expect(selected).toHaveLength(1);
  expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual(selected);
  return selected[0]!.textContent;
}

describe('tab list', () => {
  it('names its tabs and the panel each controls; a click selects', async () => {
    render(<Harness keys="ends" />);
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Two' }).getAttribute('aria-controls')).toBe('panel-two');
    await userEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(selectedTab()).toBe('Two');
    expect(screen.getByRole('tabpanel', { name: 'Two' }).textContent).toBe('two');
  });

  it.each([
    { keys: 'wrap' as const, pressed: ['{ArrowLeft}', '{ArrowRight}', '{ArrowRight}', '{Home}'], shows: ['Three', 'One', 'Two', 'Two'] },
    { keys: 'ends' as const, pressed: ['{ArrowLeft}', '{End}', '{ArrowRight}', '{Home}'], shows: ['One', 'Three', 'Three', 'One'] },
  ])('moves with the keys ($keys), selecting and focusing the tab it lands on', async ({ keys, pressed, shows }) => {
    const user = userEvent.setup();
    render(<Harness keys={keys} />);
    await user.click(screen.getByRole('tab', { name: 'One' }));
    for (const [index, key] of pressed.entries()) {
      await user.keyboard(key);
      expect(selectedTab()).toBe(shows[index]);
      expect(document.activeElement?.textContent).toBe(shows[index]);
    }
  });
});

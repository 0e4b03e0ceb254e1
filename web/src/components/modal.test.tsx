// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Edit Address" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
          <label htmlFor="name">Name</label>
          <input id="name" />
        </Modal>
      )}
    </>
  );
}

/** A dialog opened from inside another, as the trading form's Manage dialogs do. */
function Nested() {
  const [inner, setInner] = useState(false);
  const [outer, setOuter] = useState(true);
  return outer ? (
    <Modal title="Manage" onClose={() => setOuter(false)}>
      <button type="button" onClick={() => setInner(true)}>
        Edit
      </button>
      {inner && (
        <Modal title="Edit Entry" onClose={() => setInner(false)}>
          <input aria-label="Entry" />
        </Modal>
      )}
    </Modal>
  ) : null;
}

describe('modal', () => {
  it('is a labelled modal dialog that takes the focus and gives it back on Escape', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit Address' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('closes from the Close button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes only the innermost dialog on Escape', async () => {
    render(<Nested />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Entry'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit Entry' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Manage' })).toBeTruthy();
  });
});

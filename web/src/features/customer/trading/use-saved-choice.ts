import { useState } from 'react';

/**
 * Which saved address or bank account a trading form uses: the one the customer picked, else the
 * default, else the first ('' when nothing is saved). `selected` is missing when the picked one has
 * gone from the list meanwhile.
 */
export function useSavedChoice<Saved extends { _id: string; isDefault: boolean }>(saved: readonly Saved[]) {
  // null until the customer picks one, so the preselection follows the list as it loads.
  const [pickedId, setPickedId] = useState<string | null>(null);
  const selectedId = pickedId ?? (saved.find((s) => s.isDefault) ?? saved[0])?._id ?? '';
  return { selectedId, selected: saved.find((s) => s._id === selectedId), pick: (choice: Saved) => setPickedId(choice._id) };
}

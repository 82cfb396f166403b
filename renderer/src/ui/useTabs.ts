/**
 * The state and keyboard of WAI-ARIA tabs (arrow keys wrap, Home/End, focus follows the choice). The caller keeps
 * where the choice is remembered (`remember`), so a panel reopens on the section the user last looked at.
 */
import { useState, type KeyboardEvent } from 'react';

export interface TabsState<T extends { id: string }> {
  active: T | undefined;
  choose(id: string, focus?: boolean): void;
  onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number): void;
}

export function useTabs<T extends { id: string }>(
  tabs: readonly T[],
  initial: () => string,
  remember: (id: string) => void,
  idPrefix: string,
): TabsState<T> {
  const [chosen, setChosen] = useState(initial);
  const active = tabs.find((t) => t.id === chosen) ?? tabs[0];
  const choose = (id: string, focus = false): void => {
    setChosen(id);
    remember(id);
    if (focus) document.getElementById(`${idPrefix}-tab-${id}`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number): void => {
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const t = tabs[(next + tabs.length) % tabs.length];
    if (t) choose(t.id, true);
  };
  return { active, choose, onKeyDown };
}

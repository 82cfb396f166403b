/**
 * A popup menu (WAI-ARIA menu pattern) at a point: arrows and Home/End move between items, Enter runs one,
 * Escape, Tab or a click elsewhere closes it. Rendered into <body> so the tree's scrolling cannot clip it.
 */
import { useEffect, useEffectEvent, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { MenuItem } from './menus.ts';

export interface MenuAt {
  label: string;
  items: MenuItem[];
  x: number;
  y: number;
}

export function NodeMenu({ menu, onClose }: { menu: MenuAt; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());
  const buttons = (): HTMLButtonElement[] => [
    ...(ref.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]:not([disabled])') ?? []),
  ];

  useEffect(() => {
    buttons()[0]?.focus();
    const outside = (e: MouseEvent): void => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, []);

  const onKeyDown = (e: KeyboardEvent): void => {
    e.stopPropagation();
    const list = buttons();
    const i = list.indexOf(document.activeElement as HTMLButtonElement);
    const go = (j: number): void => {
      e.preventDefault();
      list[(j + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      onClose();
    }
  };

  // Keep the menu inside the window.
  const left = Math.max(4, Math.min(menu.x, window.innerWidth - 240));
  const top = Math.max(4, Math.min(menu.y, window.innerHeight - 40 - menu.items.length * 30));
  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={menu.label}
      className="tree-menu"
      style={{ left, top }}
      onKeyDown={onKeyDown}
    >
      {menu.items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          disabled={item.disabled}
          className={item.groupStart ? 'menu-group-start' : undefined}
          onClick={() => {
            onClose();
            item.run();
          }}
        >
          <span>{item.label}</span>
          {item.shortcut && <kbd>{item.shortcut}</kbd>}
        </button>
      ))}
    </div>,
    document.body,
  );
}

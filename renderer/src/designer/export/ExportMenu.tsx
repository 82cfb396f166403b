/**
 * The "Export" menu button of the designer header and of each plan in the library: the plan as YAML or JSON, a k6
 * script, cURL (the selected request, or all), HAR, and "With secrets…" behind a confirmation.
 */
import { useRef, useState } from 'react';
import { NodeMenu, type MenuAt } from '../tree/NodeMenu.tsx';
import { exportChoices, type ExportChoice } from './choices.ts';
import { SecretsDialog } from './SecretsDialog.tsx';
import './export.css';

interface Props {
  /** The request selected in the designer (cURL of it is offered), or null. */
  requestName: string | null;
  onExport: (choice: ExportChoice) => void;
  pending?: boolean;
  /** Tooltip of the button. */
  title?: string;
}

/** Button "Export" (aria-haspopup menu) opening menu "Export formats". */
export function ExportMenu({
  requestName,
  onExport,
  pending = false,
  title = 'Save the plan as a file: YAML, JSON, k6 script, cURL or HAR',
}: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const [secrets, setSecrets] = useState(false);
  const entries = exportChoices(requestName);

  const open = () => {
    const r = button.current?.getBoundingClientRect();
    setMenu({
      label: 'Export formats',
      x: r ? Math.min(r.left, window.innerWidth - 260) : 0,
      y: r ? r.bottom + 4 : 0,
      items: [
        ...entries.map((e) => ({ label: e.label, run: () => onExport(e.choice) })),
        { label: 'With secrets…', run: () => setSecrets(true) },
      ],
    });
  };
  const close = () => {
    setMenu(null);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        disabled={pending}
        aria-busy={pending}
        title={title}
        // A click on the button while the menu is open closes it (and does not reopen it).
        onMouseDown={(e) => {
          if (menu) e.stopPropagation();
        }}
        onClick={() => (menu ? close() : open())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !menu) {
            e.preventDefault();
            open();
          }
        }}
      >
        Export
      </button>
      {menu && <NodeMenu menu={menu} onClose={close} />}
      {secrets && (
        <SecretsDialog
          entries={entries}
          onCancel={() => setSecrets(false)}
          onConfirm={(c) => {
            setSecrets(false);
            onExport(c);
          }}
        />
      )}
    </>
  );
}

/** The application menu; plan actions are sent to the UI as `app.command` events. */
import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../contract/index.ts';

export function installMenu(send: (command: AppCommand) => void): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New plan', accelerator: 'CmdOrCtrl+N', click: () => send('plan.new') },
        { label: 'Import…', accelerator: 'CmdOrCtrl+O', click: () => send('plan.import') },
        { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => send('plan.export') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { label: 'Quit', accelerator: 'Ctrl+Q', click: () => app.quit() },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

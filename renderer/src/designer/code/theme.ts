/** Monaco's theme follows the OS light/dark setting, as the rest of the app does (styles.css), live. */
import type * as MonacoApi from 'monaco-editor/editor';

const LIGHT = 'loadsmith-light';
const DARK = 'loadsmith-dark';

/** Defines our two themes (editor background = the app's --surface) and switches with prefers-color-scheme. */
export function followColorScheme(monaco: typeof MonacoApi): void {
  monaco.editor.defineTheme(LIGHT, {
    base: 'vs',
    inherit: true,
    rules: [],
    colors: { 'editor.background': '#ffffff' },
  });
  monaco.editor.defineTheme(DARK, {
    base: 'vs-dark',
    inherit: true,
    rules: [],
    colors: { 'editor.background': '#1c1c22' },
  });
  const dark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined;
  const apply = (): void => monaco.editor.setTheme(dark?.matches ? DARK : LIGHT);
  apply();
  dark?.addEventListener('change', apply);
}

/** The theme to create an editor with (creating with the current one avoids a light flash in dark mode). */
export function currentTheme(): string {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? DARK : LIGHT;
}

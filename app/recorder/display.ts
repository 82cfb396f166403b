/**
 * A browser with a window needs a display: on Linux (and the BSDs) an X11 or Wayland session, named by DISPLAY or
 * WAYLAND_DISPLAY. A server, a container or an SSH session has none, and Chromium ends at once saying "Missing X
 * server or $DISPLAY". Both are told apart from a program that is not a browser, with what to do instead.
 */

const ADVICE =
  'tick "Without a window (headless)" to record what the start page loads, or run Loadsmith in a desktop session, or under a virtual display (xvfb-run loadsmith ui), or with ssh -X';

/** Why no window can open here, before trying; undefined when there may be a display (or the system always has one). */
export function missingDisplay(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === 'darwin' || platform === 'win32') return undefined;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return undefined;
  return `there is no display to open a browser window on (DISPLAY and WAYLAND_DISPLAY are not set): ${ADVICE}`;
}

/** What Chromium says on stderr when it cannot reach the display it was given. */
export function displayFailure(stderr: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (
    !/Missing X server or \$DISPLAY|cannot open display|Failed to connect to Wayland display|The platform failed to initialize/i.test(
      stderr,
    )
  )
    return undefined;
  const named = env.WAYLAND_DISPLAY
    ? `WAYLAND_DISPLAY=${env.WAYLAND_DISPLAY}`
    : env.DISPLAY
      ? `DISPLAY=${env.DISPLAY}`
      : 'no DISPLAY';
  return `the browser could not reach a display (${named}: no X or Wayland server answers there): ${ADVICE}`;
}

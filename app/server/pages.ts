/** The two fixed pages the server renders itself. Neither loads scripts nor reveals anything of the app. */

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
${body}
</body>
</html>
`;
}

/** Shown without a session: the only way in is the link the CLI printed. */
export const LOGIN_HINT_PAGE = page(
  'Loadsmith',
  '<h1>Loadsmith</h1>\n<p>To use this server, open the link printed by <code>loadsmith ui</code> in your terminal.</p>',
);

/** Shown (with a session) when the renderer has not been built. */
export const BUILD_MISSING_PAGE = page(
  'Loadsmith: UI not built',
  '<h1>The UI has not been built</h1>\n<p>Run <code>npm run build:ui</code>, then reload this page.</p>',
);

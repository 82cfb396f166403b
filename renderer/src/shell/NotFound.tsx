/** A hash that matches no page (old bookmark, typo). */
import { hrefFor } from '../routing/route.ts';

/** Says what was not found and links back to the plan library. */
export function NotFound({ path }: { path: string }) {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>#{path}</code>.
      </p>
      <p>
        <a href={hrefFor({ page: 'plans' })}>Go to Plans</a>
      </p>
    </section>
  );
}

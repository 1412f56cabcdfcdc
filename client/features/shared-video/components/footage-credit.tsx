// "Footage: Pexels (Ana Silva, …)": the small credit under a shared video that shows stock
// footage, each service and author linked to their page (as Pexels asks). Nothing without footage.
import { footageCredits } from '@shared/footage-credits';
import type { StockAsset } from '@shared/schemas/videos';
import { Fragment } from 'react';

const LINK =
  'rounded-sm underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function FootageCredit({ assets }: { assets: readonly StockAsset[] }) {
  const credits = footageCredits(assets);
  if (credits.length === 0) return null;
  return (
    <p
      className="text-muted-foreground text-xs [overflow-wrap:anywhere]"
      data-testid="footage-credit"
    >
      Footage:{' '}
      {credits.map((credit, index) => (
        <Fragment key={credit.provider}>
          {index > 0 && ', '}
          <a href={credit.url} target="_blank" rel="noopener noreferrer" className={LINK}>
            {credit.name}
          </a>
          {credit.authors.length > 0 && (
            <>
              {' ('}
              {credit.authors.map((author, authorIndex) => (
                <Fragment key={author.name}>
                  {authorIndex > 0 && ', '}
                  <a href={author.url} target="_blank" rel="noopener noreferrer" className={LINK}>
                    {author.name}
                  </a>
                </Fragment>
              ))}
              {')'}
            </>
          )}
        </Fragment>
      ))}
    </p>
  );
}

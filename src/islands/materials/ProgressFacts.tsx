/**
 * What the order's step says beyond its name: staff's note, the tracking number, the site's address,
 * the start, and when the files were deleted after the retention period (docs/product.md#d36-next-steps).
 */
import { formatGermanDate } from '../../lib/dates.ts';
import type { ProgressView } from '../../server/features/materials/materials.views.ts';
import { MATERIALS_TEXTS as t } from './texts.ts';

export function ProgressFacts({ progress }: { progress: ProgressView }) {
  return (
    <>
      {progress.note && (
        <p className="notice">
          {t.staffNote} {progress.note}
        </p>
      )}
      {progress.trackingNumber && <p>{t.delivered.tracking(progress.carrier, progress.trackingNumber)}</p>}
      {progress.siteUrl && (
        <p>
          {t.delivered.site} <a href={progress.siteUrl}>{progress.siteUrl}</a>
        </p>
      )}
      {progress.startedOn && <p>{t.delivered.started(formatGermanDate(progress.startedOn))}</p>}
      {progress.filesRemovedAt && <p>{t.filesRemoved(formatGermanDate(progress.filesRemovedAt))}</p>}
    </>
  );
}

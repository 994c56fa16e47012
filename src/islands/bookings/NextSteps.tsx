/** 'So geht es weiter' for the kinds of things ordered (docs/product.md#d36-next-steps), as the confirmation mail says it. */
import { type NextStepFacts, nextSteps } from '../../lib/next-steps.ts';
import type { ProductKind } from '../../lib/product-kinds.ts';
import { CONFIRMATION_TEXTS as t } from './texts.ts';

export function NextSteps({ kinds, facts }: { kinds: readonly ProductKind[]; facts: NextStepFacts }) {
  if (kinds.length === 0) return null;
  return (
    <section className="next-steps" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title">{t.nextStepsTitle}</h2>
      {kinds.flatMap((kind) => nextSteps(kind, facts).map((paragraph) => <p key={paragraph}>{paragraph}</p>))}
    </section>
  );
}

/** One article of a category: its edit form, its photos and its delete button. */
import type { RefObject } from 'react';
import { changeArticle, deleteArticle } from '../../../client/catalogue.ts';
import { ArticleEditFormSchema } from '../../../lib/catalogue.ts';
import { formatUnitPrice } from '../../../lib/units.ts';
import type { ArticleView } from '../../../server/features/catalogue/catalogue.views.ts';
import { SelectField, SubmitButton, TextField } from '../../forms/fields.tsx';
import { useForm } from '../../forms/use-form.ts';
import { OwnerImages } from '../AdminImages.tsx';
import type { AdminMessages } from '../admin-messages.ts';
import { ConfirmAction } from '../ConfirmAction.tsx';
import { ARTICLE_TEXTS } from '../texts.ts';
import {
  fieldErrorsOf,
  kindChoice,
  type Reload,
  typedPrice,
  UNIT_OPTIONS,
  withHiddenContext,
} from './form-helpers.tsx';

export function ArticleItem({
  article,
  messages,
  onChanged,
  listHeading,
  photoFailure,
}: {
  article: ArticleView;
  messages: AdminMessages;
  onChanged: Reload;
  /** Takes the focus once the article is deleted. */
  listHeading: RefObject<HTMLElement | null>;
  /** Why the photo chosen when the article was added did not upload. */
  photoFailure: string | undefined;
}) {
  const form = useForm(ArticleEditFormSchema, ['type', 'price', 'unit', 'kind'] as const, {
    type: article.type,
    price: typedPrice(article.price),
    unit: article.unit,
    kind: article.kind,
  });
  const kind = kindChoice(form.values.kind, form.values.unit, article.departamentId);
  const onSubmit = form.submit(async (change) => {
    try {
      await changeArticle(article.id, { ...change, kind: kind.value });
      messages.done(ARTICLE_TEXTS.saved);
      await onChanged();
    } catch (failure) {
      messages.failed(failure);
      form.setErrors(fieldErrorsOf(failure));
    }
  });
  return (
    <li className="admin-article">
      <h5>
        {article.number}: {article.type} – {formatUnitPrice(article.price, article.unit)}
      </h5>
      <form
        className="form admin-edit"
        noValidate
        onSubmit={onSubmit}
        aria-label={ARTICLE_TEXTS.editTitle(article.number)}
      >
        <div className="form__row">
          <TextField {...form.field('type')} label={ARTICLE_TEXTS.type} />
          <TextField {...form.field('price')} label={ARTICLE_TEXTS.price} inputMode="text" />
          <SelectField {...form.field('unit')} label={ARTICLE_TEXTS.unit} options={UNIT_OPTIONS} />
          <SelectField {...form.field('kind')} {...kind} label={ARTICLE_TEXTS.kind} />
        </div>
        <SubmitButton
          ready={form.ready}
          submitting={form.submitting}
          label={withHiddenContext(ARTICLE_TEXTS.save, ARTICLE_TEXTS.saveWhat(article.number))}
          busyLabel={ARTICLE_TEXTS.saving}
        />
      </form>
      <OwnerImages
        owner="article"
        ownerId={article.id}
        ownerName={ARTICLE_TEXTS.photoOwner(article.number)}
        title={ARTICLE_TEXTS.photosTitle(article.number)}
        headingLevel="h6"
        uploadLabel={ARTICLE_TEXTS.photoLabel}
        images={article.images}
        messages={messages}
        onChanged={onChanged}
        failedBefore={photoFailure}
      />
      <ConfirmAction
        label={ARTICLE_TEXTS.delete(article.number)}
        question={ARTICLE_TEXTS.deleteQuestion(article.number, article.type, article.images.length)}
        focusAfter={listHeading}
        onConfirm={async () => {
          await deleteArticle(article.id);
          messages.done(ARTICLE_TEXTS.deleted);
          await onChanged();
        }}
        onFailed={(failure) => messages.failed(failure)}
      />
    </li>
  );
}
